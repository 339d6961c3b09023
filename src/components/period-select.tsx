import { useSearchParams } from 'react-router';

/**
 * A report's period in days, kept in the address as `?days=` (so a reload keeps it; the default
 * leaves the address clean), for the dashboard's reports (Sales, Performance).
 */
export function usePeriodParam(
  periods: readonly number[],
  fallback: number,
): [number, (days: number) => void] {
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('days'));
  const days = periods.includes(asked) ? asked : fallback;
  const choose = (next: number) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === fallback) updated.delete('days');
      else updated.set('days', String(next));
      return updated;
    });
  return [days, choose];
}

type Props = {
  id: string;
  periods: readonly number[];
  days: number;
  onChange: (days: number) => void;
};

/** The Period menu: "Last N days" for each period offered. */
export function PeriodSelect({ id, periods, days, onChange }: Props) {
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium">
        Period
      </label>
      <select
        id={id}
        value={days}
        onChange={(event) => onChange(Number(event.target.value))}
        className="select select-bordered rounded-xl"
      >
        {periods.map((period) => (
          <option key={period} value={period}>
            Last {period} days
          </option>
        ))}
      </select>
    </div>
  );
}
