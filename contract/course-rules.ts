// Zod-free, so the web app may import these as values. The rules of taking a course (issue 31,
// docs/product.md §2.21–2.25): one module the server, the web app and the test doubles call.

/** What a lesson is: read, watched, or answered. */
export const LESSON_KINDS = ['reading', 'video', 'quiz'] as const;
export type LessonKind = (typeof LESSON_KINDS)[number];

export const COURSE_LIMITS = {
  nameMaxLength: 100,
  summaryMaxLength: 300,
  descriptionMaxLength: 5_000,
  outcomeMaxLength: 200,
  maxOutcomes: 12,
  titleMaxLength: 120,
  maxSections: 40,
  maxLessonsPerSection: 60,
  /** A reading lesson's markdown, or a video's or quiz's notes. */
  markdownMaxLength: 50_000,
  lessonMaxMinutes: 600,
  maxQuestions: 50,
  minChoices: 2,
  maxChoices: 8,
  questionMaxLength: 500,
  choiceMaxLength: 300,
  /** A review's text (issue 31 §3). */
  reviewMaxLength: 2_000,
  reviewsPageSize: 10,
} as const;

/** The answers of the course rules, word for word. */
export const COURSE_MESSAGES = {
  notFound: 'Course not found',
  lessonNotFound: 'Lesson not found',
  buyToOpen: 'Buy the course to open this lesson',
  boughtOnce: 'A course is bought once',
  alreadyOwned: 'You already own this course',
  quizCompletesByPassing: 'A quiz is completed by passing it',
  notAQuiz: 'This lesson is not a quiz',
  answersMismatch: 'Answer every question of the quiz',
  roomRefusal: "This room is for the course's learners",
  reviewNeedsProgress: 'Complete a lesson before rating the course',
  certificateNotFound: 'Certificate not found',
  reviewNotFound: 'Review not found',
  videoUrl: 'A video must be a YouTube, Vimeo or MP4 link',
  /** The shop's mark of a course the user owns, on /courses and in the cart (D62). */
  ownedGoToCourse: 'Owned — Go to course',
  /** Adding a course the course cart holds already: nothing is added (D62). */
  alreadyInCart: 'Already in your cart',
  // The course builder (issue 31 §6).
  changedElsewhere: 'This course was changed by someone else; reload it',
  publishNeedsLesson: 'A course needs at least one lesson to be published',
  foreignPart: 'A section or lesson of the draft belongs to another course',
  repeatedPart: 'A section or lesson appears twice in the draft',
} as const;

/** A course's study room on the chat connection (issue 31 §4): `course-c-03`. */
export const COURSE_ROOM_PREFIX = 'course-';

export function courseRoomId(courseId: string): `course-${string}` {
  return `course-${courseId}`;
}

/** The course of a course room's id, or null for any other room. */
export function courseIdOfRoom(room: string): string | null {
  return room.startsWith(COURSE_ROOM_PREFIX) && room.length > COURSE_ROOM_PREFIX.length
    ? room.slice(COURSE_ROOM_PREFIX.length)
    : null;
}

/** Course, section and lesson ids: letters, digits and dashes (they appear in URLs and rooms). */
export const COURSE_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The player's address of a lesson. */
export function lessonPath(courseId: string, lessonId: string): string {
  return `/learn/${courseId}/${lessonId}`;
}

/** A course's percent complete: completed lessons of its current lessons, rounded down. */
export function coursePercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((Math.min(completed, total) / total) * 100);
}

/**
 * Grades a quiz: each question is right when exactly its right choices are chosen. The score is
 * the percent of right questions (rounded down); it passes at `passPercent` or more.
 */
export function gradeQuiz(
  rightAnswers: readonly (readonly number[])[],
  given: readonly (readonly number[])[],
  passPercent: number,
): { score: number; passed: boolean; correct: number[][] } {
  let right = 0;
  rightAnswers.forEach((expected, index) => {
    const chosen = new Set(given[index] ?? []);
    if (chosen.size === expected.length && expected.every((choice) => chosen.has(choice))) right++;
  });
  const score = rightAnswers.length === 0 ? 0 : Math.floor((right / rightAnswers.length) * 100);
  return {
    score,
    passed: score >= passPercent,
    correct: rightAnswers.map((answers) => [...answers].sort((a, b) => a - b)),
  };
}

/** The course-room presence a learner shares: which lesson they have open in the player. */
export function lessonPresenceLabel(lessonNumber: number, title: string): string {
  return `Lesson ${lessonNumber}: ${title}`;
}

/** The query parameter of a chat room's address that fills its composer (`/chat/course-c-03?draft=`). */
export const CHAT_DRAFT_PARAM = 'draft';

/**
 * The message draft "Discuss in the course room" opens the room with: it names the lesson and
 * links it by its player path, which a message shows as a link to the lesson.
 */
export function lessonDiscussionDraft(
  courseId: string,
  lessonId: string,
  lessonNumber: number,
  title: string,
): string {
  return `About ${lessonPresenceLabel(lessonNumber, title)} (${lessonPath(courseId, lessonId)}): `;
}

/** A course's length as the shop writes it (D62): "1 h 35 min", "2 h 0 min", or "45 min". */
export function courseLengthLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** A course card's facts (D62): "6 lessons · 1 h 35 min" ("1 lesson" for one). */
export function courseFactsLabel(lessons: number, minutes: number): string {
  return `${lessons} ${lessons === 1 ? 'lesson' : 'lessons'} · ${courseLengthLabel(minutes)}`;
}

/** A course's rating as the cards show it: the average to one decimal and the count, "4.5 (12)". */
export function courseRatingLabel(rating: { average: number; count: number }): string {
  return `${(Math.round(rating.average * 10) / 10).toFixed(1)} (${rating.count})`;
}
