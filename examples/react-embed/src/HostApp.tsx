import { type BuilderError, QuireProvider, TemplateBuilder } from '@quire/react';
import { useEffect, useState } from 'react';
import { getQuireToken, loadQuireConfig, type QuireConfig } from './quire';

const NAV = ['Dashboard', 'Invoices', 'Customers', 'Invoice design', 'Settings'];
const CURRENT = 'Invoice design';

/**
 * Larkspur, a small bookkeeping app (made up), and its "Invoice design" page: Larkspur's own header, navigation and
 * words around Quire's template builder, which edits the one invoice template Larkspur keeps in Quire.
 */
export function HostApp() {
  const [config, setConfig] = useState<QuireConfig | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    loadQuireConfig().then(setConfig, (error: unknown) =>
      setProblem(error instanceof Error ? error.message : String(error)),
    );
  }, []);

  const onError = (error: BuilderError) => setNotice(`Something went wrong (${error.code}): ${error.message}`);

  return (
    <div className="host">
      <header className="host-header">
        <a className="host-brand" href="/">
          Larkspur
        </a>
        <nav aria-label="Main">
          <ul className="host-nav">
            {NAV.map((item) => (
              <li key={item}>
                <a
                  href={item === CURRENT ? '/' : `#${item.toLowerCase()}`}
                  aria-current={item === CURRENT ? 'page' : undefined}
                >
                  {item}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <span className="host-account">Mara Okafor · Okafor Bindery</span>
      </header>

      <main className="host-main">
        <div className="host-intro">
          <h1>Invoice design</h1>
          <p>How the invoices you send look. Save as often as you like; your customers get the version you publish.</p>
          <p className="host-notice" role="status">
            {notice}
          </p>
        </div>
        {problem ? (
          <p className="host-problem" role="alert">
            The designer could not start: {problem}
          </p>
        ) : config === null ? (
          <p className="host-loading">Loading the designer…</p>
        ) : (
          <QuireProvider baseUrl={config.quireUrl} getToken={getQuireToken} theme="light">
            <TemplateBuilder
              templateId={config.templateId}
              className="host-builder"
              onSave={({ version }) => setNotice(`Version ${version} saved.`)}
              onPublish={({ version }) => setNotice(`Version ${version} published: new invoices use it.`)}
              onError={onError}
            />
          </QuireProvider>
        )}
      </main>

      <footer className="host-footer">Larkspur · bookkeeping for small shops · invoices designed with Quire</footer>
    </div>
  );
}
