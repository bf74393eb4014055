import { ark } from '@ark-ui/react/factory';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { createStyleContext } from 'styled-system/jsx';
import { notice } from 'styled-system/recipes';

const { withProvider, withContext } = createStyleContext(notice);

export const Root = withProvider(ark.div, 'root');
export const Icon = withContext(ark.span, 'icon');
export const Content = withContext(ark.div, 'content');
export const Title = withContext(ark.p, 'title');
export const Description = withContext(ark.p, 'description');

export type RootProps = ComponentProps<typeof Root>;

export interface NoticeProps extends Omit<RootProps, 'title'> {
  icon: LucideIcon;
  title?: ReactNode;
  children?: ReactNode;
}

/** A tinted message with an icon, a bold first line and a sentence. */
export function Notice({ icon: IconShape, title, children, ...rootProps }: NoticeProps) {
  return (
    <Root {...rootProps}>
      <Icon>
        <IconShape size={18} aria-hidden="true" />
      </Icon>
      <Content>
        {title ? <Title>{title}</Title> : null}
        {children ? <Description>{children}</Description> : null}
      </Content>
    </Root>
  );
}
