import type { CustomerDossier } from '@im/domain';
import { formatDate } from '../format';
import { TX } from '../texts';
import { Section } from '../ui';

/**
 * The dossier's progress, parcel-tracking style: aanvraag, opname, offerte, opdracht, uitvoering,
 * factuur, service with their dates; done, current and to-do steps differ in mark, colour and words,
 * and a screen reader hears an ordered list with the state of each step.
 */
export function Timeline({ steps }: { steps: CustomerDossier['timeline'] }) {
  return (
    <Section title={TX.progress}>
      <ol className="c-timeline">
        {steps.map((step) => (
          <li
            key={step.stage}
            className={`c-step c-step--${step.state}`}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span className="c-step__mark" aria-hidden="true">
              {step.state === 'done' ? '✓' : ''}
            </span>
            <span className="c-step__text">
              <span className="c-step__label">{step.label}</span>
              {step.date && <span className="c-step__date">{formatDate(step.date)}</span>}
              <span className="c-step__state">
                <span aria-hidden="true">{TX.stepStateVisible[step.state]}</span>
                <span className="c-sr-only">{TX.stepState[step.state]}</span>
              </span>
            </span>
          </li>
        ))}
      </ol>
    </Section>
  );
}
