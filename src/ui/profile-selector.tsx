import { useRef, type KeyboardEvent, type Ref } from 'react';
import { useWidgetId } from './widget-id';
import { sortProfiles } from '../core/session/profile';
import type { HeadingLevel } from './card';
import { useFlowStyles } from './use-styles';

/** A profile on offer; an ineligible one stays in the list, unchoosable, with the reason. */
export interface ProfileOption {
  id: string;
  name: string;
  eligible: boolean;
  isDefault?: boolean;
}

/** Props of {@link ProfileSelector}. */
export interface ProfileSelectorProps {
  title: string;
  options: readonly ProfileOption[];
  /** Chosen by click, Enter or Space; only ever called for an eligible profile. */
  onSelect: (id: string) => void;
  /** Why an ineligible profile cannot be chosen; read as its description. */
  ineligibleReason: string;
  /** Marks the default profile. */
  defaultLabel: string;
  headingLevel?: HeadingLevel;
  /** The title heading (tabIndex -1), so a page can move focus to it when the list appears. */
  titleRef?: Ref<HTMLHeadingElement>;
}

// Arrow keys move between the options as in a menu; Tab still visits each one.
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

/**
 * The profile selector: a list titled by `title`, profiles sorted by name ignoring case.
 * Ineligible profiles use `aria-disabled` rather than `disabled` so keyboard and screen-reader
 * users still reach them and hear why they cannot be chosen.
 */
export function ProfileSelector({ title, options, onSelect, ineligibleReason, defaultLabel, headingLevel = 2, titleRef }: ProfileSelectorProps) {
  useFlowStyles();
  const id = useWidgetId();
  const listRef = useRef<HTMLUListElement>(null);
  const Heading = `h${headingLevel}` as const;
  const sorted = sortProfiles(options);

  const move = (event: KeyboardEvent<HTMLUListElement>) => {
    const step = MOVES[event.key];
    const buttons = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const from = buttons.indexOf(event.target as HTMLButtonElement);
    if (!step || from < 0) return;
    event.preventDefault();
    buttons[step(from, buttons.length)]?.focus();
  };

  return (
    <div className="amwa-profile-selector">
      <Heading id={`${id}-title`} ref={titleRef} tabIndex={-1} className="amwa-profile-selector__title">
        {title}
      </Heading>
      <ul ref={listRef} className="amwa-profile-selector__list" aria-labelledby={`${id}-title`} onKeyDown={move}>
        {sorted.map((option, index) => {
          const key = `${id}-${index}`;
          return (
            <li key={option.id}>
              <button
                type="button"
                className="amwa-profile-selector__option"
                aria-describedby={option.eligible ? undefined : `${key}-reason`}
                aria-disabled={option.eligible ? undefined : true}
                onClick={() => option.eligible && onSelect(option.id)}
              >
                {/* The name comes from this visible text (WCAG 2.5.3); the space keeps name and badge apart in it. */}
                <span className="amwa-profile-selector__heading">
                  <span className="amwa-profile-selector__name">{option.name}</span>
                  {option.isDefault && (
                    <>
                      {' '}
                      <span className="amwa-profile-selector__badge">{defaultLabel}</span>
                    </>
                  )}
                </span>
                {/* Heard as the description, not as part of the name speech input users say. */}
                {!option.eligible && (
                  <span id={`${key}-reason`} aria-hidden="true" className="amwa-profile-selector__reason">
                    {ineligibleReason}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
