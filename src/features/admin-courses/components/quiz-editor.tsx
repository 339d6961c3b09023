import { useId } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { COURSE_LIMITS } from '@contract/course-rules';
import { TextField } from '@/components/form/text-field';
import { PlusIcon } from '@/components/icons/plus-icon';
import { TrashIcon } from '@/components/icons/trash-icon';
import type { CourseForm } from './course-form';
import { errorAt, FieldError } from './field-error';
import { inputClass, labelClass, smallButton, textareaClass } from './field-styles';

type ContentPath = `sections.${number}.lessons.${number}.content`;

/** A quiz: its pass mark and its questions, each with its choices and right answers. */
export function QuizEditor({ base, lessonTitle }: { base: ContentPath; lessonTitle: string }) {
  const id = useId();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<CourseForm>();
  const { fields, append, remove } = useFieldArray({ control, name: `${base}.questions` });
  return (
    <div className="space-y-4">
      <div className="max-w-48">
        <TextField
          label="Pass mark (%)"
          type="number"
          min={1}
          max={100}
          registration={register(`${base}.passPercent`, { valueAsNumber: true })}
          error={errorAt(errors, `${base}.passPercent`)}
        />
      </div>
      <ol className="space-y-4">
        {fields.map((field, index) => (
          <li key={field.id} className="rounded-xl border border-base-300 p-3 sm:p-4">
            <QuestionEditor
              path={`${base}.questions.${index}`}
              number={index + 1}
              onRemove={fields.length > 1 ? () => remove(index) : undefined}
            />
          </li>
        ))}
      </ol>
      <FieldError id={`${id}-questions-error`} message={errorAt(errors, `${base}.questions`)} />
      {fields.length < COURSE_LIMITS.maxQuestions && (
        <button
          type="button"
          onClick={() => append({ prompt: '', choices: ['', ''], answers: [0] })}
          className="btn btn-outline btn-sm rounded-xl normal-case"
        >
          <PlusIcon className="h-4 w-4" aria-hidden="true" />
          Add a question to {lessonTitle || 'the quiz'}
        </button>
      )}
    </div>
  );
}

type QuestionPath = `${ContentPath}.questions.${number}`;

/** One question: its prompt, its choices (add, remove), the right ones ticked. */
function QuestionEditor({
  path,
  number,
  onRemove,
}: {
  path: QuestionPath;
  number: number;
  onRemove: (() => void) | undefined;
}) {
  const id = useId();
  const {
    control,
    register,
    setValue,
    formState: { errors },
  } = useFormContext<CourseForm>();
  const choices = useWatch({ control, name: `${path}.choices` }) ?? [];
  const answers = useWatch({ control, name: `${path}.answers` }) ?? [];
  const touch = { shouldDirty: true, shouldValidate: false } as const;

  const setChoices = (next: string[], nextAnswers: number[]) => {
    setValue(`${path}.choices`, next, touch);
    setValue(`${path}.answers`, nextAnswers, touch);
  };
  const toggleAnswer = (choice: number, right: boolean) => {
    const next = right ? [...answers, choice] : answers.filter((answer) => answer !== choice);
    setValue(
      `${path}.answers`,
      [...new Set(next)].sort((a, b) => a - b),
      touch,
    );
  };
  const removeChoice = (choice: number) =>
    setChoices(
      choices.filter((_, index) => index !== choice),
      answers
        .filter((answer) => answer !== choice)
        .map((answer) => (answer > choice ? answer - 1 : answer)),
    );

  const promptError = errorAt(errors, `${path}.prompt`);
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Question {number}</legend>
      <div className="flex items-start justify-between gap-2">
        <label htmlFor={`${id}-prompt`} className={labelClass}>
          Question {number}
        </label>
        {onRemove && (
          <button type="button" onClick={onRemove} className={`${smallButton} text-error`}>
            <TrashIcon className="h-4 w-4" aria-hidden="true" />
            Remove question {number}
          </button>
        )}
      </div>
      <textarea
        id={`${id}-prompt`}
        rows={2}
        {...register(`${path}.prompt`)}
        aria-invalid={promptError ? true : undefined}
        className={`${textareaClass} ${promptError ? 'textarea-error' : ''}`}
      />
      <FieldError id={`${id}-prompt-error`} message={promptError} />
      <p className="text-sm text-base-content/80">Choices (tick the right ones)</p>
      <ul className="space-y-2">
        {choices.map((choice, index) => {
          const choiceError = errorAt(errors, `${path}.choices.${index}`);
          return (
            // Choices have no id of their own: the index is what the answers name.
            <li key={index}>
              <div className="flex items-center gap-2">
                <input
                  type="checkbox"
                  className="checkbox checkbox-primary checkbox-sm"
                  aria-label={`Choice ${index + 1} of question ${number} is right`}
                  checked={answers.includes(index)}
                  onChange={(event) => toggleAnswer(index, event.target.checked)}
                />
                <input
                  type="text"
                  aria-label={`Choice ${index + 1} of question ${number}`}
                  value={choice}
                  onChange={(event) =>
                    setValue(`${path}.choices.${index}`, event.target.value, touch)
                  }
                  aria-invalid={choiceError ? true : undefined}
                  className={`${inputClass} input-sm ${choiceError ? 'input-error' : ''}`}
                />
                <button
                  type="button"
                  disabled={choices.length <= COURSE_LIMITS.minChoices}
                  aria-label={`Remove choice ${index + 1} of question ${number}`}
                  onClick={() => removeChoice(index)}
                  className={`${smallButton} text-error`}
                >
                  <TrashIcon className="h-4 w-4" aria-hidden="true" />
                </button>
              </div>
              <FieldError id={`${id}-choice-${index}-error`} message={choiceError} />
            </li>
          );
        })}
      </ul>
      <FieldError id={`${id}-choices-error`} message={errorAt(errors, `${path}.choices`)} />
      <FieldError id={`${id}-answers-error`} message={errorAt(errors, `${path}.answers`)} />
      {choices.length < COURSE_LIMITS.maxChoices && (
        <button
          type="button"
          onClick={() => setChoices([...choices, ''], answers)}
          className="btn btn-ghost btn-sm rounded-xl normal-case"
        >
          <PlusIcon className="h-4 w-4" aria-hidden="true" />
          Add a choice to question {number}
        </button>
      )}
    </fieldset>
  );
}
