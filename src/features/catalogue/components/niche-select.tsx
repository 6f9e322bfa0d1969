import { SelectField } from '../../../components/select-field.tsx';
import { NICHES } from '../../../config/constants.ts';

export function NicheSelect({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (niche: string) => void;
  className?: string;
}) {
  const known = NICHES.some((niche) => niche.id === value);
  return (
    <SelectField
      label="Niche"
      className={className}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      placeholder="All niches"
      options={NICHES.map((niche) => ({ value: niche.id, label: niche.title }))}
    />
  );
}
