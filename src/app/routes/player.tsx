import { useParams } from 'react-router';
import { CourseLearnersOnline } from '@/features/course-room/components/course-learners-online';
import { LearnResume, PlayerScreen } from '@/features/learning/components/player-screen';

/** The player: a lesson (`/learn/:courseId/:lessonId`), or where the learner left off. */
export default function PlayerRoute() {
  const { courseId = '', lessonId } = useParams();
  return lessonId === undefined ? (
    <LearnResume key={courseId} courseId={courseId} />
  ) : (
    // One player per course: moving between its lessons keeps the outline (and its scroll).
    <PlayerScreen
      key={courseId}
      courseId={courseId}
      lessonId={lessonId}
      learnersOnline={(lesson) => (
        <CourseLearnersOnline
          courseId={courseId}
          lessonId={lesson._id}
          lessonNumber={lesson.number}
          lessonTitle={lesson.title}
        />
      )}
    />
  );
}
