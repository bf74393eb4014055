import { Toaster as ArkToaster, Toast } from '@ark-ui/react/toast';
import { t } from '@lingui/core/macro';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import { toast as toastRecipe } from 'styled-system/recipes';
import { toaster } from '~/lib/toaster-store';
import { IconButton } from './button';

const icons = {
  success: CircleCheck,
  error: CircleAlert,
  warning: TriangleAlert,
  info: Info,
} as const;

/** The one toast region of the app, top right. Show toasts with `toast` from `~/lib/toast`. */
export function Toaster() {
  const styles = toastRecipe();
  return (
    <ArkToaster toaster={toaster} className={styles.group}>
      {(item) => {
        const Icon = icons[item.type as keyof typeof icons] ?? Info;
        return (
          <Toast.Root className={styles.root}>
            <span data-part="icon" className={styles.icon}>
              <Icon size={18} aria-hidden="true" />
            </span>
            <div className={styles.text}>
              <Toast.Title className={styles.title}>{item.title}</Toast.Title>
              {item.description ? (
                <Toast.Description className={styles.description}>{item.description}</Toast.Description>
              ) : null}
            </div>
            {item.action ? (
              <Toast.ActionTrigger className={styles.actionTrigger}>{item.action.label}</Toast.ActionTrigger>
            ) : null}
            <Toast.CloseTrigger asChild className={styles.closeTrigger}>
              <IconButton label={t`Dismiss notification`} size="sm">
                <X size={16} aria-hidden="true" />
              </IconButton>
            </Toast.CloseTrigger>
          </Toast.Root>
        );
      }}
    </ArkToaster>
  );
}
