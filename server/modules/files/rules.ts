/** What each kind of upload may be (spec section 5, "Appearance", "Uploads"). */
import type { SniffedType } from '../../platform/sniff';
import type { UploadKind } from '../../contract/files';

const MB = 1024 * 1024;

export type UploadRule = {
  maxBytes: number;
  /** sniffed content types accepted; 'text' means UTF-8 text without NUL bytes */
  types: Array<SniffedType | 'text'>;
  /** file-name extensions accepted, lower case */
  extensions: string[];
  tooLargeKey: string;
  wrongTypeKey: string;
};

// Files in general: documents and images, at most 20 MB.
const GENERAL_FILE: UploadRule = {
  maxBytes: 20 * MB,
  types: ['jpg', 'png', 'gif', 'webp', 'pdf', 'zip', 'ole', 'text'],
  extensions: [
    'jpg',
    'jpeg',
    'png',
    'gif',
    'webp',
    'pdf',
    'doc',
    'docx',
    'xls',
    'xlsx',
    'ppt',
    'pptx',
    'zip',
    'txt',
    'csv',
    'md',
  ],
  tooLargeKey: 'files:fileTooLarge',
  wrongTypeKey: 'files:fileType',
};

export const UPLOAD_RULES: Record<UploadKind, UploadRule> = {
  // Banner and cover image: jpg or png, at most 10 MB.
  banner: {
    maxBytes: 10 * MB,
    types: ['jpg', 'png'],
    extensions: ['jpg', 'jpeg', 'png'],
    tooLargeKey: 'files:bannerTooLarge',
    wrongTypeKey: 'files:imageJpgPng',
  },
  // Appearance thumbnail: jpg or png, at most 1 MB.
  thumbnail: {
    maxBytes: 1 * MB,
    types: ['jpg', 'png'],
    extensions: ['jpg', 'jpeg', 'png'],
    tooLargeKey: 'files:thumbnailTooLarge',
    wrongTypeKey: 'files:imageJpgPng',
  },
  // CSS file: at most 1024 KB.
  css: {
    maxBytes: 1024 * 1024,
    types: ['text'],
    extensions: ['css'],
    tooLargeKey: 'files:cssTooLarge',
    wrongTypeKey: 'files:cssOnly',
  },
  // The image library of the page editor; general files at most 20 MB.
  image: {
    maxBytes: 20 * MB,
    types: ['jpg', 'png', 'gif', 'webp'],
    extensions: ['jpg', 'jpeg', 'png', 'gif', 'webp'],
    tooLargeKey: 'files:fileTooLarge',
    wrongTypeKey: 'files:imageOnly',
  },
  file: GENERAL_FILE,
  // Registration answers (temp/upload): a file item takes any accepted document or image, a
  // photo item a jpg or png.
  attachment: GENERAL_FILE,
  // Feedback attachments: text or document files only (spec 5 "Uploads").
  feedback: {
    maxBytes: 20 * MB,
    types: ['pdf', 'zip', 'ole', 'text'],
    extensions: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv', 'md'],
    tooLargeKey: 'files:fileTooLarge',
    wrongTypeKey: 'files:feedbackFileType',
  },
  // Abstract and full-text files of a manuscript: the call for papers narrows the types and the
  // size (server/modules/submissions/files.ts); this is the most any call may allow.
  manuscript: {
    maxBytes: 20 * MB,
    types: ['pdf', 'zip', 'ole', 'text', 'jpg', 'png'],
    extensions: ['pdf', 'doc', 'docx', 'txt', 'zip', 'jpg', 'jpeg', 'png'],
    tooLargeKey: 'files:fileTooLarge',
    wrongTypeKey: 'files:fileType',
  },
  photo: {
    maxBytes: 10 * MB,
    types: ['jpg', 'png'],
    extensions: ['jpg', 'jpeg', 'png'],
    tooLargeKey: 'files:bannerTooLarge',
    wrongTypeKey: 'files:imageJpgPng',
  },
};

export const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
  css: 'text/css; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  zip: 'application/zip',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** Which sniffed types fit an extension (a .png must really be a PNG). */
export const TYPES_OF_EXTENSION: Record<string, Array<SniffedType | 'text'>> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  pdf: ['pdf'],
  docx: ['zip'],
  xlsx: ['zip'],
  pptx: ['zip'],
  zip: ['zip'],
  doc: ['ole'],
  xls: ['ole'],
  ppt: ['ole'],
  css: ['text'],
  txt: ['text'],
  csv: ['text'],
  md: ['text'],
};
