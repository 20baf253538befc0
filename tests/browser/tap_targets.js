// Everything a finger taps that is under 44 x 44 px, as "tag "name" WxH" lines: a checkbox or
// radio together with its label (a tap on either ticks it; not the row around them, which a
// tap misses), a stretched link by the card it
// covers, anything else by its own box. Hidden, disabled and folded-away controls are not tapped. Evaluated by test_accessibility.py.
() => {
  const small = [];
  const selector = 'a[href], button, select, input:not([type=hidden]), textarea, summary, [role=button]';
  for (const element of document.querySelectorAll(selector)) {
    if (element.disabled || element.closest('[inert], [hidden]')) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'none') continue;
    let box = element.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    if (element.classList.contains('stretched-link')) {
      const holder = element.closest('.card, .position-relative');
      if (holder) box = holder.getBoundingClientRect();
    }
    if (element.matches('input[type=checkbox], input[type=radio]')) {
      const label = element.closest('label') || (element.labels && element.labels[0]);
      if (label) {
        const own = label.getBoundingClientRect();
        const left = Math.min(box.left, own.left);
        const top = Math.min(box.top, own.top);
        box = {
          width: Math.max(box.right, own.right) - left,
          height: Math.max(box.bottom, own.bottom) - top,
        };
      }
    }
    if (box.width < 44 || box.height < 44) {
      const name = (element.innerText || element.value || element.getAttribute('aria-label') || element.name || '').trim().slice(0, 40);
      small.push(`${element.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`);
    }
  }
  return small;
}
