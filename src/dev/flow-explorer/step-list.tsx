import type { ExplorerStep } from './session'

/**
 * What can happen now, as buttons: user events (with a JSON box for their data), timers, and
 * the server's answers. A branch the machine would not choose now is marked: clicking it takes
 * it anyway.
 */

interface StepListProps {
  steps: ExplorerStep[]
  dataText: Record<string, string>
  dataErrors: Record<string, string>
  onData: (eventType: string, text: string) => void
  onStep: (step: ExplorerStep) => void
}

function StepButton({
  step,
  onStep,
  disabled = false,
}: {
  step: ExplorerStep
  onStep: (step: ExplorerStep) => void
  disabled?: boolean
}) {
  const forced = step.chosen === false
  return (
    <button
      type="button"
      className={forced ? 'step step-forced' : 'step'}
      data-step={step.key}
      data-chosen={step.chosen === undefined ? 'unknown' : String(step.chosen)}
      title={
        forced
          ? 'The machine would not take this branch now: clicking forces its guard.'
          : undefined
      }
      disabled={disabled}
      onClick={() => onStep(step)}
    >
      {step.label}
      {forced && <span className="step-note"> (forced)</span>}
    </button>
  )
}

export function StepList({ steps, dataText, dataErrors, onData, onStep }: StepListProps) {
  const events = [...new Set(steps.filter((s) => s.group === 'event').map((s) => s.eventType))]
  const timers = steps.filter((step) => step.group === 'timer')
  const outcomes = steps.filter((step) => step.group === 'outcome')
  if (steps.length === 0) return <p>Nothing can happen now: the flow has ended.</p>

  return (
    <div className="explorer-steps">
      {events.length > 0 && (
        <section aria-label="Events">
          <h3>Events</h3>
          {events.map((type) => (
            <fieldset key={type} className="step-event">
              <legend>{type}</legend>
              <label>
                data (JSON){' '}
                <input
                  aria-label={`${type} data`}
                  value={dataText[type] ?? ''}
                  placeholder='{"field": "value"}'
                  onChange={(change) => onData(type, change.target.value)}
                />
              </label>
              {dataErrors[type] && <span className="explorer-error">{dataErrors[type]}</span>}
              {steps
                .filter((step) => step.group === 'event' && step.eventType === type)
                .map((step) => (
                  <StepButton
                    key={step.key}
                    step={step}
                    onStep={onStep}
                    disabled={!!dataErrors[type]}
                  />
                ))}
            </fieldset>
          ))}
        </section>
      )}
      {timers.length > 0 && (
        <section aria-label="Timers">
          <h3>Timers (fire now)</h3>
          {timers.map((step) => (
            <StepButton key={step.key} step={step} onStep={onStep} />
          ))}
        </section>
      )}
      {outcomes.length > 0 && (
        <section aria-label="Server answers">
          <h3>Server answers</h3>
          {outcomes.map((step) => (
            <StepButton key={step.key} step={step} onStep={onStep} />
          ))}
        </section>
      )}
    </div>
  )
}
