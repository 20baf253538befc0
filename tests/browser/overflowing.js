// Everything shown whose right edge lies past the screen's: cut off, or making the page scroll
// sideways. Inside a box that scrolls or clips sideways on purpose (a wide table, a name cut
// with an ellipsis) it is that box's business, not the page's. Returns up to five, described.
() => {
  const width = document.documentElement.clientWidth;
  const found = [];
  for (const element of document.body.querySelectorAll('*')) {
    const box = element.getBoundingClientRect();
    if (!box.width || !box.height || box.right <= width + 1) continue;
    if (getComputedStyle(element).visibility === 'hidden') continue;
    let held = false;
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') { held = true; break; }
    }
    if (held) continue;
    const classes = typeof element.className === 'string' ? element.className.trim() : '';
    const name = element.tagName.toLowerCase() + (classes ? '.' + classes.split(/\s+/).join('.') : '');
    const text = (element.innerText || '').slice(0, 60);
    found.push(`${name} (right edge ${Math.round(box.right)} px): ${text}`);
  }
  return found.slice(0, 5);
}
