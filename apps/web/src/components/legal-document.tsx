export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

/** A legal text: title, effective date and numbered sections. */
export function LegalDocument({ title, effective, sections }: { title: string; effective: string; sections: LegalSection[] }) {
  return (
    <article className="legal">
      <h2>{title}</h2>
      <p className="muted" style={{ textAlign: 'center' }}>
        生效日期：{effective}
      </p>
      {sections.map((section) => (
        <section key={section.heading}>
          <h3>{section.heading}</h3>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
