import { useParams } from 'react-router';
import { CertificateScreen } from '@/features/learning/components/certificate-screen';

export default function CertificateRoute() {
  const { certificateId = '' } = useParams();
  return <CertificateScreen key={certificateId} certificateId={certificateId} />;
}
