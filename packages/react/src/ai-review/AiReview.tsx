import { useBuilderController, useBuilderState } from '../builder/context';
import { useUi } from '../root/ui-context';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { DraftDiff } from '../versions/DraftDiff';

/**
 * An AI change waiting for a decision: what the AI said, the diff of every part it changed, Accept (the change
 * becomes the draft) or Reject (the draft stays; a published AI version is unpublished again).
 */
export function AiReview() {
  const controller = useBuilderController('AiReview');
  const { t } = useUi();
  const ai = useBuilderState(controller, (s) => s.ai);
  const proposal = ai.state === 'review' ? ai.proposal : null;
  const ignore = () => {
    // Reported through onError by the controller.
  };
  return (
    <Dialog
      open={proposal !== null}
      onOpenChange={(open) => {
        if (!open) controller.rejectAI().catch(ignore);
      }}
      size="lg"
      title={t('ai.review')}
      description={proposal ? `${t('ai.reply')}: ${proposal.reply}` : undefined}
      footer={
        <>
          <Button onClick={() => controller.rejectAI().catch(ignore)}>{t('ai.reject')}</Button>
          <Button variant="primary" onClick={() => controller.acceptAI()}>
            {t('ai.accept')}
          </Button>
        </>
      }
    >
      {proposal ? (
        <>
          {proposal.published ? null : (
            <p className="quire-problem" data-level="warning">
              {t('ai.draftVersion')}
            </p>
          )}
          <DraftDiff
            before={proposal.before}
            after={proposal.after}
            beforeLabel={t('versions.before')}
            afterLabel={t('versions.after')}
          />
        </>
      ) : null}
    </Dialog>
  );
}
