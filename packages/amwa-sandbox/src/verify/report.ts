// verify's report three ways: a table for the terminal, JUnit XML and JSON for a bank's CI.
import type { VerifyReport } from './types';

/** One line of the table: a call, or a case that made none (skipped, or failed before its first call). */
interface Row {
  operationId: string;
  case: string;
  verdict: string;
  difference: string;
}

const VERDICT = { pass: 'ok', fail: 'FAIL', skip: 'skipped' } as const;

function rows(report: VerifyReport): Row[] {
  return report.cases.flatMap((result) => {
    const calls = result.calls.map((call) => ({
      operationId: call.operationId,
      case: result.name,
      verdict: VERDICT[call.verdict],
      difference: call.problems[0] ? `${call.operationId}${call.status === undefined ? '' : ` ${call.status}`}: ${call.problems[0]}` : '',
    }));
    const end = result.skipped ?? result.note;
    return end ? [...calls, { operationId: '-', case: result.name, verdict: result.verdict === 'skip' ? VERDICT.skip : 'ended', difference: end }] : calls;
  });
}

/** The report as a plain-text table and a summary line. */
export function formatTable(report: VerifyReport): string {
  const header: Row = { operationId: 'operation', case: 'case', verdict: 'verdict', difference: 'first difference' };
  const all = [header, ...rows(report)];
  const width = (key: keyof Row) => Math.max(...all.map((row) => row[key].length));
  const [op, name, verdict] = [width('operationId'), width('case'), width('verdict')];
  const line = (row: Row) => `${row.operationId.padEnd(op)}  ${row.case.padEnd(name)}  ${row.verdict.padEnd(verdict)}  ${row.difference}`.trimEnd();
  const { passed, failed, skipped } = report.totals;
  const summary = `${report.ok ? 'conforms' : 'does not conform'}: ${passed} cases passed, ${failed} failed, ${skipped} skipped (${report.api}${report.sandbox ? ', an amwa sandbox' : ''})`;
  return [line(header), ...all.slice(1).map(line), '', summary].join('\n');
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (char) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[char]};`);

/** The report as JUnit XML: one test suite, one test case per case, its calls' problems as the failure. */
export function formatJunit(report: VerifyReport): string {
  const cases = report.cases.map((result) => {
    const open = `    <testcase classname="amwa-verify" name="${escapeXml(result.name)}">`;
    if (result.verdict === 'skip') return `${open}<skipped message="${escapeXml(result.skipped ?? '')}"/></testcase>`;
    if (result.verdict === 'pass') return `${open}</testcase>`;
    const failed = result.calls.filter((call) => call.verdict === 'fail');
    const lines = failed.flatMap((call) => call.problems.map((problem) => `${call.operationId}${call.status === undefined ? '' : ` ${call.status}`}: ${problem}`));
    return `${open}<failure message="${escapeXml(lines[0] ?? 'failed')}">${escapeXml(lines.join('\n'))}</failure></testcase>`;
  });
  const { passed, failed, skipped } = report.totals;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="amwa-sandbox verify" tests="${passed + failed + skipped}" failures="${failed}" skipped="${skipped}">`,
    `  <testsuite name="${escapeXml(report.api)}" tests="${passed + failed + skipped}" failures="${failed}" skipped="${skipped}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/** The report as JSON, as `verifyApi` returns it. */
export const formatJson = (report: VerifyReport) => `${JSON.stringify(report, null, 2)}\n`;
