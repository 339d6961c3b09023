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

export async function certificateIdOf(
  db: Queryable,
  email: string,
  courseId: string,
): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `select id from certificates where user_email = $1 and course_id = $2`,
    [email, courseId],
  );
  return row?.id ?? null;
}

/**
 * Issues the learner's certificate for the course unless they have one: the name is the user's
 * display name (else the address's local part) and the course's name, both as they are now.
 * Returns the certificate's id, new or not.
 */
export async function issueCertificateOnce(
  tx: Queryable,
  certificate: { id: string; email: string; courseId: string },
): Promise<string> {
  await tx.query(
    `insert into certificates (id, user_email, course_id, learner_name, course_name)
     select $1, u.email, c.id,
       coalesce(nullif(btrim(u.name), ''), split_part(u.email, '@', 1)), c.name
     from users u, courses c where u.email = $2 and c.id = $3
     on conflict (user_email, course_id) do nothing`,
    [certificate.id, certificate.email, certificate.courseId],
  );
  const id = await certificateIdOf(tx, certificate.email, certificate.courseId);
  if (!id) throw new Error('the certificate was not issued');
  return id;
}
