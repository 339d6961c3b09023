import { paths } from '@/config/paths';

/** A course's page, where a refused visitor of its study room can buy it (D61). */
export const coursePagePath = (courseId: string) =>
  `${paths.courses}/${encodeURIComponent(courseId)}`;
