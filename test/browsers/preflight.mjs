#!/usr/bin/env node
// The first step of the e2e stage (npm run test:e2e, and so npm test): makes sure a Chromium-family
// browser is there before any e2e file starts. None found: on Debian or Ubuntu, as root or with
// sudo, Debian's chromium package is installed; anywhere else the run stops here with one line
// that says what to install. Firefox and WebKit are optional outside CI (their suite says so).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chromiumAdvice, findChromium, findFirefox, findWebKit, thisSystem } from './find.mjs';

const stop = (message) => {
  console.error(`\nnpm test: ${message}\n`);
  process.exit(1);
};

/** Debian or Ubuntu (or a derivative), by /etc/os-release. */
const debianLike = () => {
  try {
    const release = readFileSync('/etc/os-release', 'utf8');
    return /^(ID|ID_LIKE)=.*\b(debian|ubuntu)\b/m.test(release);
  } catch {
    return false;
  }
};

/** How to run apt-get as root here: directly, through sudo without a password, or not at all. */
const asRoot = () => {
  if (process.getuid?.() === 0) return [];
  if (spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo', '-n'];
  return undefined;
};

const find = async () => {
  try {
    return findChromium(await thisSystem());
  } catch (error) {
    return stop(error.message);
  }
};

let chromium = await find();
if (!chromium) {
  const root = process.platform === 'linux' && debianLike() && existsSync('/usr/bin/apt-get') ? asRoot() : undefined;
  if (!root) stop(`no Chrome, Chromium or Edge for the e2e stage; ${chromiumAdvice(process.platform)}, then run npm test again`);
  console.log('npm test: no Chrome, Chromium or Edge found; installing Debian\'s chromium package for the e2e stage');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args) => {
    const [command, ...rest] = [...root, 'apt-get', ...args];
    execFileSync(command, rest, { stdio: 'inherit', env });
  };
  try {
    apt('update');
    apt('install', '-y', '--no-install-recommends', 'chromium');
  } catch {
    stop(`installing chromium with apt-get failed; ${chromiumAdvice(process.platform)}, then run npm test again`);
  }
  chromium = await find();
  if (!chromium) stop(`apt-get installed chromium but no browser turned up; ${chromiumAdvice(process.platform)}`);
}

const system = await thisSystem();
const firefox = findFirefox(system);
const webkit = findWebKit(system);
console.log(
  [
    `e2e browsers: ${chromium.path} (${chromium.source})`,
    firefox ? `Firefox ${firefox.path}` : 'no Firefox (its flows are skipped)',
    webkit ? `WebKit ${webkit.path}` : 'no WebKitGTK WebDriver (its flows are skipped)',
  ].join('; '),
);
