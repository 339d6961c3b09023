import { useState } from 'react';
import { Link } from 'react-router';
import { COURSE_MESSAGES } from '@contract/course-rules';
import type { Certificate } from '@contract/courses';
import { GraduationCapIcon } from '@/components/icons/layout-icons';
import { DownloadIcon } from '@/components/icons/download-icon';
import { LazyNotFoundPage } from '@/components/lazy-not-found-page';
import { PageTitle } from '@/components/page-title';
import { LoadError } from '@/components/load-error';
import { paths } from '@/config/paths';
import { apiFailureOf, errorMessageOr } from '@/lib/api/error-message';
import { certificatePdfUrl, useGetCertificateQuery } from '../api/certificates-api';

/** "March 5, 2026": the day it was issued, in UTC (the same day for every reader of the link). */
function issuedOn(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The line that says who issued it: the link itself is the proof. */
function verificationLine(certificate: Certificate, url: string): string {
  return `This certificate was issued by LearnTogether to ${certificate.learnerName} on ${issuedOn(certificate.issuedAt)}. Its link is its proof: ${url}`;
}

function CopyLink({ url }: { url: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <>
      <button
        type="button"
        className="btn btn-outline rounded-xl normal-case"
        onClick={() => {
          navigator.clipboard
            .writeText(url)
            .then(() => setState('copied'))
            .catch(() => setState('failed'));
        }}
      >
        Copy link
      </button>
      <p role="status" className="basis-full text-center text-sm">
        {state === 'copied'
          ? 'The link was copied.'
          : state === 'failed'
            ? 'The link could not be copied: copy it from the address bar.'
            : ''}
      </p>
    </>
  );
}

function CertificateNotFound() {
  return (
    <LazyNotFoundPage
      title={COURSE_MESSAGES.certificateNotFound}
      away={{ to: paths.courses, label: 'Browse courses' }}
      namesTab
    >
      Check the link: a certificate&apos;s address is exactly as it was shared.
    </LazyNotFoundPage>
  );
}

/**
 * A certificate's public page at /certificates/{id} (docs/product.md §2.27): anyone with the link
 * may open it. Who completed which course and when, the verification line, the PDF (made on the
 * server) and a way to copy the link.
 */
export function CertificateScreen({ certificateId }: { certificateId: string }) {
  const { data, error, isError, refetch } = useGetCertificateQuery(certificateId);
  const failure = isError ? apiFailureOf(error) : null;
  // An id the contract refuses (400) is a certificate that does not exist either.
  if (failure?.status === 404 || failure?.status === 400) return <CertificateNotFound />;

  const url = `${window.location.origin}${paths.certificate(certificateId)}`;
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-12">
      <PageTitle title={data ? `Certificate: ${data.courseName}` : 'Certificate'} />
      {isError ? (
        <LoadError
          message={errorMessageOr(error, 'The certificate could not be loaded.')}
          onRetry={() => void refetch()}
        />
      ) : !data ? (
        <div
          aria-hidden="true"
          className="skeleton h-[30rem] w-full rounded-3xl sm:aspect-[1.414] sm:h-auto"
        />
      ) : (
        <>
          <article
            aria-labelledby="certificate-title"
            className="relative flex aspect-auto flex-col items-center gap-3 rounded-3xl border-8 border-double border-amber-600/70 bg-gradient-to-b from-amber-50 to-white px-6 py-10 text-center shadow-lg sm:aspect-[1.414] sm:justify-center sm:px-12"
          >
            <GraduationCapIcon className="h-12 w-12 text-amber-700" />
            <h1
              id="certificate-title"
              className="font-serif text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
            >
              Certificate of Completion
            </h1>
            <p className="mt-2 text-slate-700">This certifies that</p>
            <p className="font-serif text-2xl font-semibold text-slate-900 sm:text-3xl">
              {data.learnerName}
            </p>
            <p className="text-slate-700">has completed</p>
            <p className="text-xl font-semibold sm:text-2xl">
              <Link to={paths.coursePage(data.courseId)} className="link text-blue-800">
                {data.courseName}
              </Link>
            </p>
            <p className="mt-2 text-slate-700">
              on <time dateTime={data.issuedAt}>{issuedOn(data.issuedAt)}</time>
            </p>
            <p className="mt-4 text-sm text-slate-700">
              Certificate ID <span className="font-mono">{data.id}</span>
            </p>
          </article>
          <p className="mt-6 break-words text-center text-sm text-base-content/80">
            {verificationLine(data, url)}
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <a
              href={certificatePdfUrl(data.id)}
              download={`certificate-${data.id}.pdf`}
              className="btn btn-primary rounded-xl normal-case"
            >
              <DownloadIcon className="h-5 w-5" />
              Download PDF
            </a>
            <CopyLink url={url} />
          </div>
        </>
      )}
    </div>
  );
}
