import { PageHead } from '../../components/page-head.tsx';
import { PRIVACY_POLICY } from '../../content/privacy-policy.ts';
import { ContactDetails } from '../../features/contact/contact-details.tsx';

/** The Privacy Policy (docs/product.md section 2): title, dates, intro and 11 numbered sections. */
export function PrivacyPolicyPage() {
  return (
    <>
      <PageHead
        title="Privacy Policy | Free AI Tools"
        description="How our free AI tools handle your data: what is collected, why, how long it is kept, third-party services and your rights."
      />
      <section className="page-header" aria-labelledby="privacy-title">
        <div className="container">
          <h1 id="privacy-title">{PRIVACY_POLICY.title}</h1>
          <dl className="policy-dates">
            <div>
              <dt>Effective date:</dt>
              <dd>{PRIVACY_POLICY.effectiveDate}</dd>
            </div>
            <div>
              <dt>Last updated:</dt>
              <dd>{PRIVACY_POLICY.lastUpdated}</dd>
            </div>
          </dl>
        </div>
      </section>
      <div className="section">
        <div className="container prose">
          <p>{PRIVACY_POLICY.intro}</p>
          {PRIVACY_POLICY.sections.map((section) => (
            <section key={section.number} aria-labelledby={`policy-section-${section.number}`}>
              <h2 id={`policy-section-${section.number}`}>
                {section.number}. {section.title}
              </h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              {section.contactDetails ? <ContactDetails /> : null}
              {section.items ? (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
              {section.table ? (
                <div
                  className="table-scroll"
                  tabIndex={0}
                  role="region"
                  aria-label={section.table.caption}
                >
                  <table className="data-table">
                    <caption>{section.table.caption}</caption>
                    <thead>
                      <tr>
                        {section.table.columns.map((column) => (
                          <th key={column} scope="col">
                            {column}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {section.table.rows.map((row) => (
                        <tr key={row[0]}>
                          {row.map((cell, index) =>
                            index === 0 ? (
                              <th key={cell} scope="row">
                                {cell}
                              </th>
                            ) : (
                              <td key={cell}>{cell}</td>
                            ),
                          )}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : null}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}
