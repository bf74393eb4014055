import { ark } from '@ark-ui/react/factory';
import type { LucideIcon } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { stat } from 'styled-system/recipes';
import { Skeleton } from './skeleton';

const { withProvider, withContext } = createStyleContext(stat);

export const Root = withProvider(ark.section, 'root');
export const Header = withContext(ark.div, 'header');
export const Label = withContext(ark.h2, 'label');
export const Icon = withContext(ark.span, 'icon');
export const Value = withContext(ark.p, 'value');
export const HelpText = withContext(ark.p, 'helpText');

export type RootProps = ComponentProps<typeof Root>;

export interface StatCardProps {
  label: string;
  value: ReactNode;
  helpText?: ReactNode;
  icon: LucideIcon;
  tone?: RootProps['tone'];
  /** Shows skeleton shapes in place of the value and the secondary line. */
  loading?: boolean;
}

/** Label, big number and a small secondary line (e.g. '180 active'). */
export function StatCard({ label, value, helpText, icon: IconShape, tone, loading }: StatCardProps) {
  const labelId = useId();
  return (
    <Root tone={tone} aria-labelledby={labelId} aria-busy={loading || undefined}>
      <Header>
        <Label id={labelId}>{label}</Label>
        <Icon>
          <IconShape size={18} aria-hidden="true" />
        </Icon>
      </Header>
      {loading ? (
        <>
          <Skeleton h="9" w="28" />
          <Skeleton variant="text" w="24" />
        </>
      ) : (
        <>
          <Value data-numeric>{value}</Value>
          {helpText ? <HelpText>{helpText}</HelpText> : null}
        </>
      )}
    </Root>
  );
}
