import { text, utcSeconds, XML_DECLARATION } from "../xml";
import type { OaiError, Verb } from "./request";

/*
 * The OAI-PMH envelope (section 3.2): the response date, the request as it was understood, and the
 * verb's element or the errors.
 */

const ROOT =
  '<OAI-PMH xmlns="http://www.openarchives.org/OAI/2.0/" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
  'xsi:schemaLocation="http://www.openarchives.org/OAI/2.0/ http://www.openarchives.org/OAI/2.0/OAI-PMH.xsd">';

export interface Envelope {
  now: number;
  baseUrl: string;
  /**
   * The request's arguments, verb first; null after badVerb or badArgument, when the protocol
   * wants the base URL alone.
   */
  echo: [string, string][] | null;
}

function requestXml({ baseUrl, echo }: Envelope): string {
  const attributes = (echo ?? []).map(([name, value]) => ` ${name}="${text(value)}"`).join("");
  return `<request${attributes}>${text(baseUrl)}</request>`;
}

function open(envelope: Envelope): string {
  return `${XML_DECLARATION}${ROOT}<responseDate>${utcSeconds(envelope.now)}</responseDate>${requestXml(envelope)}`;
}

export function verbDocument(envelope: Envelope, verb: Verb, body: string): string {
  return `${open(envelope)}<${verb}>${body}</${verb}></OAI-PMH>\n`;
}

export function errorDocument(envelope: Envelope, errors: OaiError[]): string {
  const echo = errors.some((error) => error.code === "badVerb" || error.code === "badArgument")
    ? null
    : envelope.echo;
  const list = errors
    .map((error) => `<error code="${error.code}">${text(error.message)}</error>`)
    .join("");
  return `${open({ ...envelope, echo })}${list}</OAI-PMH>\n`;
}
