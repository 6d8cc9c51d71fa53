import * as Accordion from '@radix-ui/react-accordion';
import { FAQ, FAQ_SECTION } from '../../content/landing';
import { SectionHead } from './SectionHead';

/** Six questions; one answer open at a time (Radix Accordion: buttons with aria-expanded, arrow keys between them). */
export function Faq() {
  return (
    <section id={FAQ_SECTION.id} className="site-section site-faq" aria-labelledby="faq-title">
      <SectionHead
        titleId="faq-title"
        eyebrow={FAQ_SECTION.eyebrow}
        title={FAQ_SECTION.title}
        lead={FAQ_SECTION.lead}
      />
      <Accordion.Root type="single" collapsible className="site-faq-list">
        {FAQ.map((item) => (
          <Accordion.Item key={item.topic} value={item.topic} className="site-faq-item">
            <Accordion.Header asChild>
              <h3>
                <Accordion.Trigger className="site-faq-trigger">
                  {item.question}
                  <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
                    <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </Accordion.Trigger>
              </h3>
            </Accordion.Header>
            <Accordion.Content className="site-faq-answer">
              <p>{item.answer}</p>
            </Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
