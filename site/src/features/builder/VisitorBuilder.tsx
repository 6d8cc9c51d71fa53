import {
  type BuilderApi,
  configurePdfViewer,
  Dialog,
  installPdfPreview,
  QuireProvider,
  StarterGallery,
  TemplateBuilder,
  type TemplateDraftInput,
} from '@quire/react';
import { Link } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { PDF_FONTS_PATH, PDF_WORKER_PATH } from '../../../build/pdf-paths';
import { quire } from '../../api/client';
import { VISITOR_BUILDER } from '../../content/builder';
import { usePageTitle } from '../../layout/use-page-title';
import { useSiteTheme } from '../../theme/use-theme';
import { downloadPdf } from './download-pdf';
import { draftOfStarter, keepVisitorDraft, loadVisitorDraft } from './visitor-draft';

// The exact PDF preview, drawn in the browser with the fonts and pdf.js worker the site serves.
installPdfPreview({ fonts: { baseUrl: PDF_FONTS_PATH } });
configurePdfViewer({ workerSrc: PDF_WORKER_PATH });

/**
 * The template builder for someone without an account: a starter to edit, in Easy or Boss Mode, previewed in the
 * browser (HTML and PDF). Saving asks them to sign up. The AI and versions need an account, so they are off.
 */
export function VisitorBuilder() {
  usePageTitle(VISITOR_BUILDER.title);
  const { preference } = useSiteTheme();
  // Uncontrolled: the builder holds the draft; this page only keeps a copy in the tab.
  const [initialDraft] = useState<TemplateDraftInput>(loadVisitorDraft);
  const [askSignUp, setAskSignUp] = useState(false);
  const [pickStarter, setPickStarter] = useState(false);
  const builder = useRef<BuilderApi>(null);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = async () => {
    if (!builder.current) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      await downloadPdf(builder.current);
    } catch (error) {
      setDownloadError(`${VISITOR_BUILDER.downloadFailed} ${(error as Error).message}`);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <div className="site-builder-page">
      <div className="site-builder-intro">
        <div>
          <h1>{VISITOR_BUILDER.title}</h1>
          <p>{VISITOR_BUILDER.lead}</p>
        </div>
        <div className="site-actions">
          <button type="button" className="site-button site-button-secondary" onClick={() => setPickStarter(true)}>
            {VISITOR_BUILDER.starters}
          </button>
          <button type="button" className="site-button site-button-primary" onClick={download} disabled={downloading}>
            {downloading ? VISITOR_BUILDER.downloading : VISITOR_BUILDER.download}
          </button>
        </div>
        {downloadError ? (
          <p className="site-error" role="alert">
            {downloadError}
          </p>
        ) : null}
      </div>
      <TemplateBuilder
        ref={builder}
        className="site-builder"
        defaultValue={initialDraft}
        onChange={keepVisitorDraft}
        onSave={() => setAskSignUp(true)}
        // The starters come from the toolbar's own button (in both modes, with Undo), not from a second one in
        // the builder's Easy Mode.
        features={{ ai: false, versions: false, starters: false, pdfPreview: true }}
        permissions={{ publish: false }}
        theme={preference}
      />
      <Dialog
        open={pickStarter}
        onOpenChange={setPickStarter}
        title={VISITOR_BUILDER.startersTitle}
        description={VISITOR_BUILDER.startersBody}
        size="lg"
      >
        {/* The starters GET /v1/starters lists (a public route): what a signed-up person starts from too. */}
        <QuireProvider client={quire}>
          <StarterGallery
            onSelect={(starter) => {
              setPickStarter(false);
              // Through the builder's api, so that Undo brings the previous template back.
              void builder.current?.setDraft(draftOfStarter(starter));
            }}
          />
        </QuireProvider>
      </Dialog>
      <Dialog
        open={askSignUp}
        onOpenChange={setAskSignUp}
        title={VISITOR_BUILDER.signUpTitle}
        description={VISITOR_BUILDER.signUpBody}
        footer={
          <>
            <button type="button" className="site-button site-button-ghost" onClick={() => setAskSignUp(false)}>
              {VISITOR_BUILDER.keepEditing}
            </button>
            <Link to={VISITOR_BUILDER.signIn.to} className="site-button site-button-secondary">
              {VISITOR_BUILDER.signIn.label}
            </Link>
            <Link to={VISITOR_BUILDER.signUp.to} className="site-button site-button-primary">
              {VISITOR_BUILDER.signUp.label}
            </Link>
          </>
        }
      >
        {null}
      </Dialog>
    </div>
  );
}
