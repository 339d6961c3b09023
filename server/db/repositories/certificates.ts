import type { Certificate } from '../../../contract/courses';
import type { Queryable } from '../client';

/** Certificates of completion (issue 31 §3): issued once per learner and course. */

type CertificateRow = Omit<Certificate, 'issuedAt'> & { issuedAt: Date | string };

function toCertificate(row: CertificateRow): Certificate {
  return { ...row, issuedAt: new Date(row.issuedAt).toISOString() };
}

const SELECT = `id, learner_name as "learnerName", course_id as "courseId",
  course_name as "courseName", issued_at as "issuedAt"`;

export async function findCertificate(db: Queryable, id: string): Promise<Certificate | null> {
  const [row] = await db.query<CertificateRow>(`select ${SELECT} from certificates where id = $1`, [
    id,
  ]);
  return row ? toCertificate(row) : null;
}
