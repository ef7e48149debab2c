import { decodeXML } from 'entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { FeedFormatError, text } from './types.js';

/** Elements that may repeat in CAP, RSS and Atom: always read as lists. */
const REPEATED = new Set([
  'alert',
  'info',
  'area',
  'polygon',
  'circle',
  'category',
  'item',
  'entry',
  'link',
  'geocode',
]);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // `georss:point`, `cap:alert` and `geo:lat` read as `point`, `alert` and `lat`.
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
  // A document declaring its own entities gets no expansion of them (no entity bombs).
  processEntities: false,
  htmlEntities: false,
});

export type XmlNode = Record<string, unknown>;

/** The document as a tree, or a clear error for what is not well-formed XML. */
export function parseXml(document: string): XmlNode {
  const valid = XMLValidator.validate(document);
  if (valid !== true) {
    throw new FeedFormatError(`malformed XML: ${valid.err.msg} (line ${valid.err.line})`);
  }
  return parser.parse(document) as XmlNode;
}

/**
 * An element's text, whether it was read as a string or as an object with attributes, with
 * XML's own five entities and character references decoded here (the parser expands none, so a
 * document's DOCTYPE cannot declare entities that grow: no entity bomb).
 */
export function textOf(value: unknown): string | null {
  if (Array.isArray(value)) return textOf(value[0]);
  const raw = value && typeof value === 'object' ? text((value as XmlNode)['#text']) : text(value);
  return raw === null ? null : decodeXML(raw);
}

export const listOf = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

export const nodesOf = (value: unknown): XmlNode[] =>
  listOf(value).filter((node): node is XmlNode => typeof node === 'object' && node !== null);

/** Every element of this name, at any depth (CAP alerts inside Atom or RSS, say). */
export function findAll(node: unknown, name: string, found: XmlNode[] = []): XmlNode[] {
  if (Array.isArray(node)) {
    for (const child of node) findAll(child, name, found);
  } else if (node && typeof node === 'object') {
    for (const [key, child] of Object.entries(node)) {
      if (key === name) found.push(...nodesOf(child));
      else if (!key.startsWith('@') && key !== '#text') findAll(child, name, found);
    }
  }
  return found;
}
