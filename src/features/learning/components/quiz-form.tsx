import { useRef, useState, type FormEvent } from 'react';
import type { Lesson, QuizAttemptResult } from '@contract/courses';
import { CheckIcon } from '@/components/icons/check-icon';
import { errorMessageOr } from '@/lib/api/error-message';
import { useSubmitQuizMutation } from '../api/attempts-api';

type Quiz = NonNullable<Lesson['quiz']>;

/** "You scored 80% — passed", or "… — not passed (pass mark 70%)". */
function quizResultText(result: QuizAttemptResult, passPercent: number): string {
  return result.passed
    ? `You scored ${result.score}% — passed`
    : `You scored ${result.score}% — not passed (pass mark ${passPercent}%)`;
}

const sameChoices = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((choice) => b.includes(choice));

/**
 * A quiz lesson (docs/product.md §2.26): one fieldset per question (radios for one answer,
 * checkboxes for several), graded on the server. The result names the right answers of each
 * question; a pass completes the lesson, and "Try again" starts over.
 */
export function QuizForm({ lesson, quiz }: { lesson: Lesson; quiz: Quiz }) {
  const empty = () => quiz.questions.map((): number[] => []);
  const [answers, setAnswers] = useState<number[][]>(empty);
  const [unanswered, setUnanswered] = useState(false);
  const [submit, { data: result, error, isLoading, reset }] = useSubmitQuizMutation();
  const resultRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const choose = (question: number, choice: number, multiple: boolean, checked: boolean) => {
    setUnanswered(false);
    setAnswers((current) =>
      current.map((chosen, index) => {
        if (index !== question) return chosen;
        if (!multiple) return [choice];
        return checked
          ? [...chosen, choice].sort((a, b) => a - b)
          : chosen.filter((c) => c !== choice);
      }),
    );
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (answers.some((chosen) => chosen.length === 0)) {
      setUnanswered(true);
      return;
    }
    try {
      await submit({ courseId: lesson.courseId, lessonId: lesson._id, answers }).unwrap();
    } catch {
      // Shown from the mutation's error.
    }
    resultRef.current?.focus();
  };

  const tryAgain = () => {
    reset();
    setAnswers(empty());
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  };

  const locked = result !== undefined;
  return (
    <form ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate className="space-y-6">
      {quiz.questions.map((question, q) => {
        const right = result?.correct[q];
        const gotIt = right !== undefined && sameChoices(answers[q] ?? [], right);
        return (
          <fieldset
            key={q}
            className={`rounded-2xl p-5 ring-1 ${right === undefined ? 'ring-base-300' : gotIt ? 'bg-emerald-50 ring-emerald-300' : 'bg-rose-50 ring-rose-300'}`}
          >
            <legend className="float-left mb-3 w-full font-semibold">
              <span className="text-base-content/70">Question {q + 1}.</span> {question.prompt}
              {question.multiple && (
                <>
                  {' '}
                  <span className="text-sm font-normal text-base-content/75">
                    (choose all that apply)
                  </span>
                </>
              )}
            </legend>
            <div className="clear-both space-y-2">
              {question.choices.map((choice, c) => {
                const isRight = right?.includes(c) ?? false;
                return (
                  <label
                    key={c}
                    className="flex cursor-pointer items-start gap-3 rounded-lg px-2 py-1.5 hover:bg-base-200/60"
                  >
                    <input
                      type={question.multiple ? 'checkbox' : 'radio'}
                      name={`question-${q}`}
                      value={c}
                      checked={answers[q]?.includes(c) ?? false}
                      disabled={locked}
                      onChange={(event) => choose(q, c, question.multiple, event.target.checked)}
                      className={`${question.multiple ? 'checkbox checkbox-primary' : 'radio radio-primary'} mt-0.5 shrink-0`}
                    />
                    <span>
                      {choice}
                      {isRight && (
                        <span className="ml-2 inline-flex items-center gap-1 text-sm font-semibold text-emerald-800">
                          <CheckIcon className="h-4 w-4" />
                          Right answer
                        </span>
                      )}
                    </span>
                  </label>
                );
              })}
            </div>
            {right !== undefined && (
              <p
                className={`mt-3 text-sm font-semibold ${gotIt ? 'text-emerald-800' : 'text-rose-800'}`}
              >
                {gotIt ? 'Correct' : 'Not quite'}
              </p>
            )}
          </fieldset>
        );
      })}

      <div ref={resultRef} tabIndex={-1} className="outline-none">
        {unanswered && (
          <p role="alert" className="text-error">
            Answer every question before you submit.
          </p>
        )}
        {error !== undefined && (
          <p role="alert" className="text-error">
            {errorMessageOr(error, 'Your answers could not be sent. Please try again.')}
          </p>
        )}
        <p
          role="status"
          className={`text-lg font-bold ${result?.passed ? 'text-emerald-800' : 'text-rose-800'}`}
        >
          {result ? quizResultText(result, quiz.passPercent) : ''}
        </p>
      </div>

      <div className="flex flex-wrap gap-3">
        {locked ? (
          <button
            type="button"
            onClick={tryAgain}
            className="btn btn-outline rounded-xl normal-case"
          >
            Try again
          </button>
        ) : (
          <button
            type="submit"
            disabled={isLoading}
            className="btn btn-primary rounded-xl normal-case"
          >
            Submit
          </button>
        )}
        <p className="self-center text-sm text-base-content/75">Pass mark: {quiz.passPercent}%</p>
      </div>
    </form>
  );
}
