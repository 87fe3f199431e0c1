// What an uploaded competition document really is, read from its bytes (decisions §5: by
// content, not by name). Accepted: PDF, JPEG, PNG, GIF, WebP, the legacy Office formats
// (OLE2 compound files holding a Word, Excel or PowerPoint stream) and the Office Open XML
// ones (ZIP archives with [Content_Types].xml and the part that names the application).

export interface DocumentType {
  mime: string;
  /** The extension the file is offered with on download. */
  extension: string;
  /** Shown inline in the browser (PDF, images) rather than saved. */
  isInline: boolean;
}

const types = {
  pdf: { mime: 'application/pdf', extension: 'pdf', isInline: true },
  jpeg: { mime: 'image/jpeg', extension: 'jpg', isInline: true },
  png: { mime: 'image/png', extension: 'png', isInline: true },
  gif: { mime: 'image/gif', extension: 'gif', isInline: true },
  webp: { mime: 'image/webp', extension: 'webp', isInline: true },
  doc: { mime: 'application/msword', extension: 'doc', isInline: false },
  xls: { mime: 'application/vnd.ms-excel', extension: 'xls', isInline: false },
  ppt: { mime: 'application/vnd.ms-powerpoint', extension: 'ppt', isInline: false },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extension: 'docx',
    isInline: false,
  },
  xlsx: {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extension: 'xlsx',
    isInline: false,
  },
  pptx: {
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extension: 'pptx',
    isInline: false,
  },
} as const satisfies Record<string, DocumentType>;

/** Every media type a competition document is served with. */
export const DOCUMENT_MEDIA_TYPES: readonly string[] = Object.values(types).map((type) => type.mime);

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

const OLE2_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

/** The document type of `bytes`, or undefined when it is none of the accepted kinds. */
export function detectDocumentType(bytes: Buffer): DocumentType | undefined {
  if (startsWith(bytes, ascii('%PDF-'))) return types.pdf;
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return types.jpeg;
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return types.png;
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return types.gif;
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return types.webp;
  if (startsWith(bytes, OLE2_SIGNATURE)) return detectOle2(bytes);
  if (startsWith(bytes, ZIP_LOCAL_HEADER)) return detectOfficeOpenXml(bytes);
  return undefined;
}

/** Legacy Office: the compound file's directory names its main stream (UTF-16LE). */
function detectOle2(bytes: Buffer): DocumentType | undefined {
  const has = (name: string) => bytes.includes(Buffer.from(name, 'utf16le'));
  if (has('WordDocument')) return types.doc;
  if (has('Workbook') || has('Book')) return types.xls;
  if (has('PowerPoint Document')) return types.ppt;
  return undefined;
}

/** Office Open XML: a ZIP whose central directory lists [Content_Types].xml and the application's main part. */
function detectOfficeOpenXml(bytes: Buffer): DocumentType | undefined {
  const names = zipEntryNames(bytes);
  if (!names || !names.has('[Content_Types].xml')) return undefined;
  if (names.has('word/document.xml')) return types.docx;
  if (names.has('xl/workbook.xml')) return types.xlsx;
  if (names.has('ppt/presentation.xml')) return types.pptx;
  return undefined;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const MAX_ZIP_ENTRIES = 10_000;

/** The entry names of a ZIP archive from its central directory; undefined when it is not a well-formed ZIP. */
export function zipEntryNames(bytes: Buffer): Set<string> | undefined {
  // The end record is 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let offset = bytes.length - 22; offset >= earliest; offset--) {
    if (bytes.readUInt32LE(offset) === END_OF_CENTRAL_DIRECTORY) {
      end = offset;
      break;
    }
  }
  if (end < 0) return undefined;
  const entryCount = bytes.readUInt16LE(end + 10);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (entryCount > MAX_ZIP_ENTRIES) return undefined;
  const names = new Set<string>();
  let offset = directoryOffset;
  for (let index = 0; index < entryCount; index++) {
    if (offset + 46 > bytes.length || bytes.readUInt32LE(offset) !== CENTRAL_DIRECTORY_HEADER) return undefined;
    const nameLength = bytes.readUInt16LE(offset + 28);
    const extraLength = bytes.readUInt16LE(offset + 30);
    const commentLength = bytes.readUInt16LE(offset + 32);
    const nameEnd = offset + 46 + nameLength;
    if (nameEnd > bytes.length) return undefined;
    names.add(bytes.toString('utf8', offset + 46, nameEnd));
    offset = nameEnd + extraLength + commentLength;
  }
  return names;
}
