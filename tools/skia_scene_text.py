"""CATextLayer content for the Skia peer (`skia_scene.py`). Lines are laid out by the peer as the contract says
(paragraphs, greedy wrapping, hanging spaces, baselines from the layer font's ascender/descender/line gap at the
line's largest size snapped to whole device pixels, x on quarter device pixels, justified lines by extra word
spacing, truncation with "…", wrapped lines past the bounds dropped); each line is shaped and drawn as one
SkParagraph (skia.textlayout: HarfBuzz shaping, ICU bidi inside the line, system font fallback, color emoji).

What the peer does not do as the contract says: line breaks are after spaces and hyphens only (not full UAX #14,
so no breaks inside CJK runs), truncation and long-word breaks cut code points (not grapheme clusters), a line's
RTL paragraph direction is emulated with an RLE…PDF embedding around each line (skia-python cannot set the
paragraph direction), SkParagraph keeps its own hinting (slight, not none),
and a scene `fonts` font falls back per missing character to the typeface SkFontMgr (fontconfig) gives for
it in the normal style."""
import base64, math, os, tempfile, unicodedata

import skia

from skia_scene_values import color, skcolor

tl = skia.textlayout
WEIGHTS = {"thin": 100, "extralight": 200, "light": 300, "regular": 400, "book": 400, "medium": 500,
           "semibold": 600, "bold": 700, "extrabold": 800, "black": 900, "heavy": 900}


def font_style(style):
    words = style.lower().replace("-", " ").split()
    w = 400
    for word in words:
        w = WEIGHTS.get(word, w)
    if "".join(words[:2]) in WEIGHTS:
        w = WEIGHTS["".join(words[:2])]
    slant = skia.FontStyle.kItalic_Slant if "italic" in words else (
        skia.FontStyle.kOblique_Slant if "oblique" in words else skia.FontStyle.kUpright_Slant)
    return skia.FontStyle(w, skia.FontStyle.kNormal_Width, slant)


class TextDrawer:
    """Builds and paints paragraphs for text layers; one font collection per scene."""

    def __init__(self, scene, folder):
        self.scene_fonts = scene.get("fonts", {})
        self.system = tl.FontCollection()
        self.system.setDefaultFontManager(skia.FontMgr())
        self.own = None
        self.typefaces = {}
        self.fallbacks = set()
        if self.scene_fonts:
            prov = self.provider = tl.TypefaceFontProvider()
            for name, src in self.scene_fonts.items():
                tf = self.load_typeface(src, folder)
                if tf is not None:
                    prov.registerTypeface(tf, name)
                    self.typefaces[name] = tf
            self.own = tl.FontCollection()
            self.own.setDefaultFontManager(prov)
        self.cache = {}

    @staticmethod
    def load_typeface(src, folder):
        index = 0
        if "#" in src and not src.startswith("data:"):
            src, n = src.rsplit("#", 1)
            index = int(n)
        if src.startswith("data:"):
            data = base64.b64decode(src.split(",", 1)[1])
            fd, tmp = tempfile.mkstemp(suffix=".ttf")
            os.write(fd, data)
            os.close(fd)
            src = tmp
        else:
            src = os.path.join(folder, src)
        return skia.Typeface.MakeFromFile(src, index)

    def families(self, font, text):
        """A scene font, then for each character it lacks the typeface the system falls back to (registered in
        the scene fonts' provider)."""
        fams = [font]
        tf = self.typefaces.get(font)
        if tf is None:
            return fams
        for ch in sorted(set(text)):
            if ord(ch) < 32 or tf.unicharToGlyph(ord(ch)):
                continue
            fb = skia.FontMgr().matchFamilyStyleCharacter("", skia.FontStyle.Normal(), [], ord(ch))
            if fb is None:
                continue
            name = "fallback:" + fb.getFamilyName()
            if name not in self.fallbacks:
                self.provider.registerTypeface(fb, name)
                self.fallbacks.add(name)
            if name not in fams:
                fams.append(name)
        return fams

    def style_for(self, font, size, col, text=""):
        ts = tl.TextStyle()
        if font in self.scene_fonts:
            ts.setFontFamilies(self.families(font, text))
        else:
            fam, _, sty = font.partition(":")
            ts.setFontFamilies([fam])
            ts.setFontStyle(font_style(sty) if sty else skia.FontStyle.Normal())
        ts.setFontSize(size)
        ts.setColor(skcolor(col))
        return ts

    def runs(self, L):
        s = L.get("string", "")
        base = (L.get("font", "Helvetica"), L.get("fontSize", 36), tuple(color(L.get("foregroundColor"), "white")))
        if isinstance(s, str):
            return [(s, base)]
        return [(r.get("text", ""), (r.get("font", base[0]), r.get("fontSize", base[1]),
                                     tuple(color(r.get("foregroundColor"), "white")) if "foregroundColor" in r else base[2]))
                for r in s]

    def collection(self, styles):
        if self.own is not None and {f for f, _, _ in styles} & set(self.scene_fonts):
            return self.own
        return self.system

    def line_paragraph(self, segs, spacing=0.0):
        """One line: segments (text, style) shaped as one unwrapped SkParagraph, laid out left-aligned."""
        ps = tl.ParagraphStyle()
        ps.setTextAlign(tl.TextAlign.kLeft)
        ps.setTextStyle(self.style_for(*segs[0][1]))
        b = tl.ParagraphBuilder.make(ps, self.collection([st for _, st in segs]), skia.Unicode())
        for t, st in segs:
            ts = self.style_for(*st, t)
            if spacing:
                ts.setWordSpacing(spacing)
            b.pushStyle(ts)
            b.addText(t)
            b.pop()
        p = b.Build()
        p.layout(1e6)
        return p

    def width(self, chars):
        chars = strip_trailing_spaces(chars)
        return self.line_paragraph(segments(chars)).MaxIntrinsicWidth if chars else 0.0

    def metrics(self, L, size):
        """(A, D, G) of the layer's font at `size`: hhea ascender, descender, line gap as FreeType reports them."""
        font = L.get("font", "Helvetica")
        key = (font, size)
        if key not in self.cache:
            tf = None
            if font in self.scene_fonts and self.own is not None:
                tf = self.typefaces.get(font)
            if tf is None:
                fam, _, sty = font.partition(":")
                tf = skia.FontMgr().matchFamilyStyle(fam, font_style(sty) if sty else skia.FontStyle.Normal()) \
                    or skia.FontMgr().legacyMakeTypeface(None, skia.FontStyle.Normal())
            m = skia.Font(tf, size).getMetrics()
            self.cache[key] = (-m.fAscent, m.fDescent, m.fLeading)
        return self.cache[key]

    def cut(self, chars, w, mode):
        """The line truncated to fit `w` with "…" at the end, start or middle (code points as clusters)."""
        if self.width(chars) <= w or mode == "none":
            return chars

        def make(k):
            n = len(chars)
            if mode == "start":
                at = n - k
                return [("\u2026", chars[at][1] if at < n else chars[-1][1])] + chars[at:]
            if mode == "middle":
                a, b = (k + 1) // 2, k // 2
                return chars[:a] + [("\u2026", chars[min(a, n - 1)][1])] + chars[n - b:] if b else \
                    chars[:a] + [("\u2026", chars[min(a, n - 1)][1])]
            return chars[:k] + [("\u2026", chars[min(k, n - 1)][1])]
        lo, hi = 0, len(chars)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.width(make(mid)) <= w:
                lo = mid
            else:
                hi = mid - 1
        return make(lo)

    def wrap(self, chars, w):
        """Greedy lines of a paragraph: breaks after spaces (spaces ending a line hang), a word wider than
        the width starts a new line and is broken between code points."""
        words, cur = [], []
        for i, c in enumerate(chars):
            cur.append(c)
            if c[0] in " \t" and (i + 1 == len(chars) or chars[i + 1][0] not in " \t"):
                words.append(cur)
                cur = []
            elif c[0] in "-\u2010\u2013" and i + 1 < len(chars) and chars[i + 1][0] not in " \t":
                words.append(cur)
                cur = []
        if cur:
            words.append(cur)
        lines, line = [], []
        for word in words:
            if self.width(line + word) <= w or not line and self.width(word) <= w:
                line = line + word
                continue
            if line:
                lines.append(line)
                line = []
            if self.width(word) <= w:
                line = word
                continue
            for c in word:
                if line and self.width(line + [c]) > w:
                    lines.append(line)
                    line = []
                line.append(c)
        lines.append(line)
        return lines

    def draw(self, cv, L, rect, a):
        runs = self.runs(L)
        chars = [(ch, st) for t, st in runs for ch in t.replace("\r\n", "\n").replace("\u2029", "\n")]
        if not chars:
            return
        paras, cur = [], []
        for c in chars:
            if c[0] == "\n":
                paras.append(cur)
                cur = []
            else:
                cur.append(c)
        paras.append(cur)
        w = rect.width()
        wrapped = L.get("isWrapped", False)
        trunc = L.get("truncationMode", "none")
        mode = L.get("alignmentMode", "natural")
        m = cv.getTotalMatrix()
        snap = m.getSkewX() == 0 and m.getSkewY() == 0 and m.getScaleY() > 0 and m.getScaleX() > 0
        base_size = L.get("fontSize", 36)
        lines = []  # (chars, last line of its paragraph, paragraph's natural alignment)
        for para in paras:
            text = "".join(c for c, _ in para)
            rtl = first_strong_rtl(text)
            align = (("right" if rtl else "left") if mode == "natural" else mode, rtl)
            pl = self.wrap(para, w) if wrapped and para else [para]
            for i, ln in enumerate(pl):
                lines.append((ln, i == len(pl) - 1, align, pl[i:]))
        y_prev = None
        out = []
        for idx, (ln, last, align, rest) in enumerate(lines):
            size = max([st[1] for _, st in ln] or [base_size])
            A, D, G = self.metrics(L, size)
            if y_prev is None:
                y = rect.top() + A
            else:
                pA, pD, pG = y_prev[1]
                y = y_prev[0] + pD + pG + A
            if snap:
                sy, ty = m.getScaleY(), m.getTranslateY()
                y = (math.floor(y * sy + ty + 0.5) - ty) / sy
            if wrapped and y + D > rect.bottom() + 1e-6 and out:
                if trunc != "none":
                    prev = out[-1]
                    tail = [c for line in prev[5] for c in line]
                    out[-1] = (self.cut(tail, w, trunc), prev[1], True) + prev[3:]
                break
            out.append((ln if wrapped else self.cut(ln, w, trunc), y, last, align, (y, (A, D, G)), rest))
            y_prev = (y, (A, D, G))
        cv.save()
        cv.clipRect(rect, True)
        if a < 1:
            cv.saveLayerAlpha(rect, int(round(a * 255)))
        for ln, y, last, (align, rtl), _, _ in out:
            body = strip_trailing_spaces(ln)
            if not body:
                continue
            if rtl:  # an RTL paragraph direction as an explicit embedding (RLE ... PDF) around the line
                body = [("\u202b", body[0][1])] + body + [("\u202c", body[-1][1])]
            p = self.line_paragraph(segments(body))
            lw = p.MaxIntrinsicWidth
            spaces = sum(1 for c, _ in body if c == " ")
            if align == "justified" and not last and spaces and lw < w:
                p = self.line_paragraph(segments(body), (w - lw) / spaces)
                lw = w
            x = rect.left() + {"right": w - lw, "center": (w - lw) / 2}.get(align, 0.0)
            if snap:
                sx, tx = m.getScaleX(), m.getTranslateX()
                x = (round((x * sx + tx) * 4) / 4 - tx) / sx
            p.paint(cv, x, y - p.AlphabeticBaseline)
        if a < 1:
            cv.restore()
        cv.restore()


def strip_trailing_spaces(chars):
    n = len(chars)
    while n and chars[n - 1][0] in " \t":
        n -= 1
    return chars[:n]


def segments(chars):
    out = []
    for c, st in chars:
        if out and out[-1][1] == st:
            out[-1][0].append(c)
        else:
            out.append(([c], st))
    return [("".join(t), st) for t, st in out]


def first_strong_rtl(text):
    for ch in text:
        d = unicodedata.bidirectional(ch)
        if d == "L":
            return False
        if d in ("R", "AL"):
            return True
    return False
