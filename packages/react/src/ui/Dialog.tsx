import * as RadixDialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useUi } from '../root/ui-context';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  size?: 'md' | 'lg';
}

/**
 * A modal dialog (Radix: focus trap, Escape, return of focus, ARIA) portalled into the builder's own container,
 * with the root's classes on it, so that it is styled and themed wherever the container is.
 */
export function Dialog(props: DialogProps) {
  const { portalContainer, rootClassName, t } = useUi();
  return (
    <RadixDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixDialog.Portal container={portalContainer}>
        <div className={rootClassName}>
          <RadixDialog.Overlay className="quire-dialog-overlay" />
          <RadixDialog.Content
            className={`quire-dialog quire-dialog-${props.size ?? 'md'}`}
            {...(props.description ? {} : { 'aria-describedby': undefined })}
          >
            <header className="quire-dialog-header">
              <RadixDialog.Title className="quire-dialog-title">{props.title}</RadixDialog.Title>
              <RadixDialog.Close
                className="quire-button quire-button-ghost quire-button-sm"
                aria-label={t('actions.close')}
              >
                ×
              </RadixDialog.Close>
            </header>
            {props.description ? (
              <RadixDialog.Description className="quire-dialog-description">
                {props.description}
              </RadixDialog.Description>
            ) : null}
            <div className="quire-dialog-body">{props.children}</div>
            {props.footer ? <footer className="quire-dialog-footer">{props.footer}</footer> : null}
          </RadixDialog.Content>
        </div>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
