type Props = { label?: string; className?: string };

export function Spinner({ label = 'Loading…', className = '' }: Props) {
  return (
    <div role="status" className={`flex items-center justify-center py-16 ${className}`}>
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}
