import type { StyledElement } from '../style/computed-style';
import { isKnownListStyleType, markerText } from '../style/counter-styles';
import { anonymousStyle } from './anonymous-style';
import type { BlockBox } from './box';
import { type BoxContext, type ListCounter, report } from './context';
import { imageBytes, shownSource, sniff } from './image-source';
import { integerAttribute } from './integer-attribute';

/**
 * A list item's marker: its ordinal taken from the list's counter (a `value` attribute sets it), written in its
 * list-style-type. The marker's style is the item's inherited style, as `::marker` inherits from it.
 */
export function listMarker(item: StyledElement, counter: ListCounter, context: BoxContext): BlockBox['marker'] | null {
  const value = integerAttribute(item.attrs.value);
  if (value !== null) counter.next = value;
  const ordinal = counter.next;
  counter.next += counter.step;
  const { listStyleType, listStyleImage } = item.style;
  if (listStyleImage) reportImage(item, listStyleImage, context);
  let type = listStyleType;
  if (!isKnownListStyleType(type)) {
    report(context, item.line, 'unsupported_css_value', `list-style-type: ${type} is not supported; decimal is used`);
    type = 'decimal';
  }
  if (item.marker?.style.content === 'none') return null;
  // A ::marker rule styles the marker (and its content replaces the text); otherwise it inherits the item's style.
  const style = item.marker?.style
    ? { ...item.marker.style, display: 'inline' as const }
    : anonymousStyle(item.style, 'inline');
  const text = item.marker?.text ?? markerText(type, ordinal);
  return text === null ? null : { text, style };
}

/** Image markers are not drawn yet: the list-style-type marker stands in, and the author is told why. */
function reportImage(item: StyledElement, url: string, context: BoxContext): void {
  const bytes = imageBytes(url, context.images);
  if (!bytes || !sniff(bytes)) {
    report(
      context,
      item.line,
      'image_not_loaded',
      `The list-style-image "${shownSource(url)}" was not loaded; the list-style-type marker is shown`,
    );
  } else {
    report(
      context,
      item.line,
      'unsupported_css_value',
      `list-style-image is not drawn yet; the list-style-type marker is shown`,
    );
  }
}
