// The public results page as one small HTML document, written by the server (docs/decisions/
// 0152-public-results-server-page.md): a phone in a crowd loads a few kilobytes, no script and
// none of the app's chunks; it prints as it shows. Pure: the answer's bytes are made once per
// snapshot (public-results.service.ts).
import { formatScoreOrNone, placeWithTieBreak, type PublicResults } from '@judging/shared-types';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** "11/28/26": the app's date format (MM/dd/yy), from the snapshot's ISO time. */
function shortDate(iso: string): string {
  const [year = '', month = '', day = ''] = iso.slice(0, 10).split('-');
  return `${month}/${day}/${year.slice(2)}`;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;background:#fff}
main{max-width:760px;margin:0 auto;padding:16px}
h1{font-size:1.5rem;margin:0 0 4px}
.sub{color:#495057;margin:0 0 16px}
h2{font-size:1.15rem;margin:24px 0 6px;border-bottom:2px solid #1c7ed6;padding-bottom:4px}
.rules{font-size:.875rem;color:#495057;margin:0 0 8px}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:8px 6px;border-bottom:1px solid #dee2e6;vertical-align:top}
th{font-size:.8rem;text-transform:uppercase;color:#495057}
td.place{width:3.5rem;font-weight:700;white-space:nowrap}
td.score{width:5.5rem;text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
th.score{text-align:right}
.why{display:block;font-size:.85rem;color:#495057}
.status{display:block;font-size:.85rem;color:#c92a2a}
.share{display:flex;gap:16px;align-items:center;margin:28px 0 8px;flex-wrap:wrap}
.share svg{width:160px;height:160px}
.share a{word-break:break-all}
@media print{main{max-width:none;padding:0}h2{break-after:avoid}tr{break-inside:avoid}}
`;

function standingRow(line: PublicResults['categories'][number]['standings'][number]): string {
  const why = line.tieBreakNote ? `<span class="why">${escapeHtml(placeWithTieBreak(line))}</span>` : '';
  const status = line.statusLabel === 'Scored' ? '' : `<span class="status">${escapeHtml(line.statusLabel)}</span>`;
  return (
    `<tr><td class="place">${escapeHtml(line.placeLabel || '—')}</td>` +
    `<td>${escapeHtml(line.schoolName)}${status}${why}</td>` +
    `<td class="score">${escapeHtml(formatScoreOrNone(line.score))}</td></tr>`
  );
}

function categorySection(category: PublicResults['categories'][number]): string {
  const rules =
    category.tieBreaks.length > 0
      ? `<p class="rules">Tie-breaks, in order: ${escapeHtml(category.tieBreaks.join('; '))}.</p>`
      : '';
  const rows = category.standings.map(standingRow).join('');
  return (
    `<section><h2>${escapeHtml(category.categoryName)}</h2>${rules}` +
    `<table><thead><tr><th>Place</th><th>Team</th><th class="score">Score</th></tr></thead>` +
    `<tbody>${rows}</tbody></table></section>`
  );
}

/** The whole page: places, teams, scores and tie-break words per category, then the link and its QR code. */
export function renderPublicResultsPage(results: PublicResults, share: { pageUrl: string; qrSvg: string }): string {
  const title = `${results.eventName}: final results`;
  const categories =
    results.categories.length > 0 ? results.categories.map(categorySection).join('') : '<p>No categories.</p>';
  // The QR code's SVG comes from the qrcode library (paths only, no script or text from a user).
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>` +
    `<h1>${escapeHtml(results.eventName)}</h1>` +
    `<p class="sub">Final results · ${escapeHtml(shortDate(results.frozenAt))}</p>` +
    categories +
    `<div class="share" aria-label="Link to this page">${share.qrSvg}` +
    `<p>Scan or open<br><a href="${escapeHtml(share.pageUrl)}">${escapeHtml(share.pageUrl)}</a></p></div>` +
    '</main></body></html>'
  );
}

/** The page a visitor sees instead while the results are not published (never cached). */
export function renderNotPublishedPage(message: string): string {
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>Results</title><style>${STYLE}</style></head><body><main>` +
    `<h1>Results</h1><p class="sub">${escapeHtml(message)}</p></main></body></html>`
  );
}
