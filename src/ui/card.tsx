import { forwardRef, type HTMLAttributes, type ReactNode, type Ref } from 'react';
import { useWidgetId } from './widget-id';
import { cx } from './cx';

/** Heading levels a card title can take. */
export type HeadingLevel = 1 | 2 | 3 | 4 | 5 | 6;

/** Props of {@link Card}. */
export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  cardTitle?: ReactNode;
  /** Heading level of the title; 2 unless told otherwise. */
  headingLevel?: HeadingLevel;
  /** The title heading (tabIndex -1), so a page can move focus to it on a step change. */
  titleRef?: Ref<HTMLHeadingElement>;
  /** Buttons laid out in the card's footer row. */
  actions?: ReactNode;
  /** A decorative picture above the title, e.g. the success illustration of a finished flow. */
  media?: ReactNode;
  /** The quieter ways on, below the actions: Help, activation, contact. */
  footer?: ReactNode;
}

/**
 * The screen shell: title, body, action row and footer line, 470px wide at most; without chrome
 * below 480px. A region named by its title.
 */
export const Card = forwardRef<HTMLElement, CardProps>(function Card(
  { cardTitle, headingLevel = 2, titleRef, actions, media, footer, className, children, ...rest },
  ref,
) {
  // A screen has one level-1 title: named, so a server-rendered screen's id is the browser's too.
  const titleId = useWidgetId(headingLevel === 1 ? 'title' : undefined);
  const Heading = `h${headingLevel}` as const;
  return (
    <section
      {...rest}
      ref={ref}
      className={cx('amwa-card', className)}
      aria-labelledby={cardTitle ? titleId : rest['aria-labelledby']}
    >
      {media && <div className="amwa-card__media">{media}</div>}
      {cardTitle && (
        <Heading id={titleId} ref={titleRef} tabIndex={-1} className="amwa-card__title">
          {cardTitle}
        </Heading>
      )}
      <div className="amwa-card__body">{children}</div>
      {actions && <div className="amwa-card__actions">{actions}</div>}
      {footer && <div className="amwa-card__footer">{footer}</div>}
    </section>
  );
});
