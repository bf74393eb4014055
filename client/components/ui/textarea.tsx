import { Field as ArkField } from '@ark-ui/react/field';
import type { ComponentProps } from 'react';
import { styled } from 'styled-system/jsx';
import { textarea } from 'styled-system/recipes';

/** Several lines of text; inside Field.Root it takes the field's label, required and invalid state. */
export const Textarea = styled(ArkField.Textarea, textarea);
export type TextareaProps = ComponentProps<typeof Textarea>;
