import { useState } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { COURSE_LIMITS } from '@contract/course-rules';
import type { CourseForm } from './course-form';
import { errorAt, FieldError } from './field-error';
import { labelClass, textareaClass } from './field-styles';

const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/** What the learner will learn, one outcome a line (blank lines left out). */
export function OutcomesField() {
  const {
    control,
    formState: { errors },
  } = useFormContext<CourseForm>();
  const { field } = useController({ control, name: 'outcomes' });
  // The text as typed (a new empty line stays while typing); the form holds its lines.
  const [text, setText] = useState(() => field.value.join('\n'));
  const error = errorAt(errors, 'outcomes');
  const itemError = field.value
    .map((_, index) => errorAt(errors, `outcomes.${index}`))
    .find((message) => message !== undefined);
  const message = error ?? itemError;
  return (
    <div>
      <label htmlFor="course-outcomes" className={labelClass}>
        What you will learn
      </label>
      <textarea
        id="course-outcomes"
        rows={4}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          field.onChange(linesOf(event.target.value));
        }}
        onBlur={field.onBlur}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? 'course-outcomes-error' : 'course-outcomes-hint'}
        className={textareaClass}
      />
      {message ? (
        <FieldError id="course-outcomes-error" message={message} />
      ) : (
        <p id="course-outcomes-hint" className="mt-1.5 text-xs text-base-content/70">
          One outcome a line, at most {COURSE_LIMITS.maxOutcomes}.
        </p>
      )}
    </div>
  );
}
