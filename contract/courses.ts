import { z } from 'zod';
import { COURSE_ID_PATTERN, COURSE_LIMITS, COURSE_MESSAGES } from './course-rules';
import { parseVideoUrl } from './course-video';
import { hasWholeCents } from './money';
import { textSchema } from './text';

// Courses, lessons, progress, certificates and reviews (issue 31; docs/product.md §2.21–2.25).
// Prices are dollars on the wire, as course.json has them.

const idSchema = textSchema().regex(COURSE_ID_PATTERN, 'Not a valid id');

export const courseParamsSchema = z.object({ id: idSchema });
export const lessonParamsSchema = z.object({ id: idSchema, lessonId: idSchema });

export const lessonKindSchema = z.enum(['reading', 'video', 'quiz']);

/** A course's average rating of its visible reviews; null before the first. */
export const courseRatingSchema = z
  .object({ average: z.number().min(1).max(5), count: z.number().int().positive() })
  .nullable();

/** GET /api/courses: a published course as the list shows it. */
export const courseSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  price: z.number(),
  image: z.string(),
  summary: z.string(),
  /** How many lessons, and their minutes in all. */
  lessons: z.number().int().nonnegative(),
  minutes: z.number().int().nonnegative(),
  rating: courseRatingSchema,
});
export const courseSummaryListSchema = z.array(courseSummarySchema);

/** GET /course.json: the spec's course fetch (docs/product.md §2.19), published courses only. */
export const courseFileEntrySchema = courseSummarySchema.pick({
  _id: true,
  name: true,
  price: true,
  image: true,
});
export const courseFileSchema = z.array(courseFileEntrySchema);

export const lessonOutlineSchema = z.object({
  _id: z.string(),
  title: z.string(),
  kind: lessonKindSchema,
  minutes: z.number().int().nonnegative(),
  /** Open to anyone, bought or not. */
  preview: z.boolean(),
});

export const sectionOutlineSchema = z.object({
  _id: z.string(),
  title: z.string(),
  lessons: z.array(lessonOutlineSchema),
});

/** GET /api/courses/:id: the course page, its outline without any lesson's content. */
export const courseDetailSchema = courseSummarySchema
  .omit({ lessons: true, minutes: true })
  .extend({
    description: z.string(),
    outcomes: z.array(z.string()),
    sections: z.array(sectionOutlineSchema),
    /** False only for an admin looking at a draft. */
    published: z.boolean(),
  });

/** A quiz question as the learner sees it: no answers. */
export const quizQuestionViewSchema = z.object({
  prompt: z.string(),
  choices: z.array(z.string()),
  /** More than one right choice: the learner may tick several. */
  multiple: z.boolean(),
});

/** GET /api/courses/:id/lessons/:lessonId: one lesson with its content. */
export const lessonSchema = lessonOutlineSchema.extend({
  courseId: z.string(),
  sectionId: z.string(),
  /** 1-based, across the course: "Lesson 4". */
  number: z.number().int().positive(),
  /** Reading: the lesson; video and quiz: notes shown with it (may be empty). */
  markdown: z.string(),
  /** Video lessons only. */
  videoUrl: z.string().nullable(),
  /** Quiz lessons only. */
  quiz: z
    .object({ passPercent: z.number().int(), questions: z.array(quizQuestionViewSchema) })
    .nullable(),
  previousLessonId: z.string().nullable(),
  nextLessonId: z.string().nullable(),
});

const choiceIndexesSchema = z.array(
  z
    .number()
    .int()
    .min(0)
    .max(COURSE_LIMITS.maxChoices - 1),
);

export const quizAttemptBodySchema = z
  .strictObject({
    answers: z.array(choiceIndexesSchema).max(COURSE_LIMITS.maxQuestions),
  })
  .meta({ examples: [{ answers: [[0], [1, 2]] }] });
export const quizAttemptResultSchema = z.object({
  score: z.number().int().min(0).max(100),
  passed: z.boolean(),
  /** The right choices of each question, in order. */
  correct: z.array(z.array(z.number().int())),
});

export const lessonProgressBodySchema = z
  .strictObject({ completed: z.boolean() })
  .meta({ examples: [{ completed: true }] });

/** GET /api/courses/:id/progress (and the answer of every progress change). */
export const courseProgressSchema = z.object({
  completed: z.array(z.string()),
  percent: z.number().int().min(0).max(100),
  lastLessonId: z.string().nullable(),
  /** Set once every lesson is complete. */
  certificateId: z.string().nullable(),
});

/** A certificate's id: 22 characters of base64url (128 random bits), unguessable. */
export const certificateParamsSchema = z.object({
  id: textSchema().regex(/^[\w-]{22}$/, 'Not a valid certificate'),
});

/** GET /api/certificates/:id: what the public page shows. */
export const certificateSchema = z.object({
  id: z.string(),
  learnerName: z.string(),
  courseId: z.string(),
  courseName: z.string(),
  /** ISO 8601. */
  issuedAt: z.string(),
});

export const reviewBodySchema = z
  .strictObject({
    rating: z.number().int().min(1).max(5),
    text: textSchema()
      .trim()
      .max(COURSE_LIMITS.reviewMaxLength, `At most ${COURSE_LIMITS.reviewMaxLength} characters`)
      .default(''),
  })
  .meta({ examples: [{ rating: 5, text: 'Clear lessons and a fair quiz.' }] });

export const reviewSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  authorName: z.string(),
  rating: z.number().int().min(1).max(5),
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** True only in an admin's list. */
  hidden: z.boolean(),
  /** The caller's own review. */
  mine: z.boolean(),
});

export const reviewListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const reviewPageSchema = z.object({
  reviews: z.array(reviewSchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
  rating: courseRatingSchema,
});

export const reviewParamsSchema = z.object({ id: textSchema().uuid('Not a valid review') });
export const reviewHiddenBodySchema = z
  .strictObject({ hidden: z.boolean() })
  .meta({ examples: [{ hidden: true }] });

/**
 * A course the caller owns (docs/product.md §2.20 My Courses): bought by a card payment that
 * succeeded and not refunded. `image` is null for a course no longer listed.
 */
export const ownedCourseSchema = z.object({
  courseId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  /** When the first payment for it succeeded (ISO 8601). */
  boughtAt: z.string(),
  percent: z.number().int().min(0).max(100),
  /** Where Continue opens: the last lesson opened, else the first. Null for a course with none. */
  continueLessonId: z.string().nullable(),
  certificateId: z.string().nullable(),
});

/** GET /courses/owned: newest purchase first. */
export const ownedCourseListSchema = z.array(ownedCourseSchema);

// ---- The admin's course builder (issue 31 §6) ----

const titleSchema = textSchema()
  .trim()
  .min(1, 'Required')
  .max(COURSE_LIMITS.titleMaxLength, `At most ${COURSE_LIMITS.titleMaxLength} characters`);
const markdownSchema = textSchema().max(
  COURSE_LIMITS.markdownMaxLength,
  `At most ${COURSE_LIMITS.markdownMaxLength} characters`,
);

export const quizQuestionSchema = z
  .object({
    prompt: textSchema().trim().min(1, 'Required').max(COURSE_LIMITS.questionMaxLength),
    choices: z
      .array(textSchema().trim().min(1, 'Required').max(COURSE_LIMITS.choiceMaxLength))
      .min(COURSE_LIMITS.minChoices, `At least ${COURSE_LIMITS.minChoices} choices`)
      .max(COURSE_LIMITS.maxChoices, `At most ${COURSE_LIMITS.maxChoices} choices`),
    /** The right choices' indexes. */
    answers: z.array(z.number().int().min(0)).min(1, 'Mark at least one right choice'),
  })
  .refine(
    (question) =>
      new Set(question.answers).size === question.answers.length &&
      question.answers.every((answer) => answer < question.choices.length),
    { message: 'An answer must be one of the choices', path: ['answers'] },
  );

/** A lesson's content, by kind, with its answers: the admin's and the seed's shape. */
export const lessonContentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reading'), markdown: markdownSchema.min(1, 'Required') }),
  z.object({
    kind: z.literal('video'),
    url: textSchema()
      .trim()
      .refine((url) => parseVideoUrl(url) !== null, COURSE_MESSAGES.videoUrl),
    markdown: markdownSchema.default(''),
  }),
  z.object({
    kind: z.literal('quiz'),
    passPercent: z.number().int().min(1).max(100),
    questions: z
      .array(quizQuestionSchema)
      .min(1, 'At least one question')
      .max(COURSE_LIMITS.maxQuestions),
    markdown: markdownSchema.default(''),
  }),
]);

export const lessonDraftSchema = z.object({
  /** Absent for a new lesson: the server gives it one. */
  _id: idSchema.optional(),
  title: titleSchema,
  minutes: z.number().int().min(1).max(COURSE_LIMITS.lessonMaxMinutes),
  preview: z.boolean(),
  content: lessonContentSchema,
});

export const sectionDraftSchema = z.object({
  _id: idSchema.optional(),
  title: titleSchema,
  lessons: z.array(lessonDraftSchema).max(COURSE_LIMITS.maxLessonsPerSection),
});

/** PUT /api/admin/courses/:id and POST /api/admin/courses: the whole course, as the builder saves it. */
export const courseDraftSchema = z
  .strictObject({
    name: textSchema()
      .trim()
      .min(1, 'Required')
      .max(COURSE_LIMITS.nameMaxLength, `At most ${COURSE_LIMITS.nameMaxLength} characters`),
    price: z
      .number()
      .positive('Must be more than 0')
      .max(10_000, 'At most $10,000')
      .refine(hasWholeCents, 'At most two decimals'),
    image: textSchema().trim().max(500),
    summary: textSchema().trim().max(COURSE_LIMITS.summaryMaxLength),
    description: textSchema().trim().max(COURSE_LIMITS.descriptionMaxLength),
    outcomes: z
      .array(textSchema().trim().min(1, 'Required').max(COURSE_LIMITS.outcomeMaxLength))
      .max(COURSE_LIMITS.maxOutcomes),
    sections: z.array(sectionDraftSchema).max(COURSE_LIMITS.maxSections),
    /** The version the builder loaded (its `updatedAt`): a save over a newer one is 409. */
    updatedAt: z.string().optional(),
  })
  .meta({
    examples: [
      {
        name: 'Rust Basics',
        price: 39.99,
        image: '/images/courses/rust-basics.svg',
        summary: 'Ownership, borrowing and cargo, one small program at a time.',
        description: 'A first course in Rust.',
        outcomes: ['Read and write safe Rust'],
        sections: [
          {
            title: 'Getting started',
            lessons: [
              {
                title: 'Hello, cargo',
                minutes: 8,
                preview: true,
                content: { kind: 'reading', markdown: '# Hello\n\n`cargo new hello`' },
              },
            ],
          },
        ],
      },
    ],
  });

/** The builder's course in a path: its own schema, so tests make a fresh course for it. */
export const adminCourseParamsSchema = z.object({ id: idSchema });

/** GET /api/admin/courses/:id: the course as the builder edits it, answers included. */
export const adminCourseSchema = courseDraftSchema.extend({
  _id: z.string(),
  published: z.boolean(),
  updatedAt: z.string(),
  sections: z.array(
    sectionDraftSchema.extend({
      _id: z.string(),
      lessons: z.array(lessonDraftSchema.extend({ _id: z.string() })),
    }),
  ),
});

export const adminCourseListSchema = z.array(
  courseSummarySchema.extend({
    published: z.boolean(),
    owners: z.number().int(),
    updatedAt: z.string(),
  }),
);

export const coursePublishedBodySchema = z
  .strictObject({ published: z.boolean() })
  .meta({ examples: [{ published: false }] });
export const courseRemovedSchema = z.object({ _id: z.string(), removed: z.literal(true) });

export type CourseSummary = z.infer<typeof courseSummarySchema>;
export type CourseDetail = z.infer<typeof courseDetailSchema>;
export type Lesson = z.infer<typeof lessonSchema>;
export type LessonContent = z.infer<typeof lessonContentSchema>;
export type QuizAttemptResult = z.infer<typeof quizAttemptResultSchema>;
export type CourseProgress = z.infer<typeof courseProgressSchema>;
export type Certificate = z.infer<typeof certificateSchema>;
export type Review = z.infer<typeof reviewSchema>;
export type ReviewPage = z.infer<typeof reviewPageSchema>;
export type OwnedCourse = z.infer<typeof ownedCourseSchema>;
export type CourseDraft = z.infer<typeof courseDraftSchema>;
export type AdminCourse = z.infer<typeof adminCourseSchema>;
