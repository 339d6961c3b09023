import { useMemo } from 'react';
import { courseRoomId } from '@contract/course-rules';
import { DrawingBoard } from '@/features/drawing/drawing-board';
import { useOwnedCourses } from './use-owned-courses';

export default function DrawingRoute() {
  // "Share to a room" offers the owned courses' study rooms too (D61); a visitor has none.
  const { owned, reporter } = useOwnedCourses();
  const courseRooms = useMemo(
    () => owned.map((course) => ({ room: courseRoomId(course.courseId), name: course.name })),
    [owned],
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-6">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">
          Creative corner
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Drawing board</h1>
        <p className="mt-2 text-base-content/70">
          Pick a colour and a brush size, draw with your mouse, pen or finger, then download your
          picture.
        </p>
      </header>
      {reporter}
      <DrawingBoard courseRooms={courseRooms} />
    </div>
  );
}
