"""CATextLayer content for the Skia peer (`skia_scene.py`), laid out with SkParagraph (skia.textlayout:
HarfBuzz shaping, ICU line breaking and bidi, font fallback through the system font manager).

What the peer does not do as the contract says: truncation only for a single-style, unwrapped string
(clusters approximated by code points); wrapped lines that leave the bounds are cut by the bounds clip rather
than dropped, and the last kept line is not truncated; baselines are snapped to whole device pixels only for
the first line (later lines follow SkParagraph's line metrics); SkParagraph keeps its own hinting and x
rounding (not ¼ px); a layer that names a scene `fonts` entry gets no fallback fonts for missing characters."""
import base64, math, os, tempfile, unicodedata

import skia

from skia_scene_values import color, skcolor

tl = skia.textlayout
ALIGN = {"left": tl.TextAlign.kLeft, "right": tl.TextAlign.kRight, "center": tl.TextAlign.kCenter,
         "justified": tl.TextAlign.kJustify}
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
        if self.scene_fonts:
            prov = tl.TypefaceFontProvider()
            for name, src in self.scene_fonts.items():
                tf = self.load_typeface(src, folder)
                if tf is not None:
                    prov.registerTypeface(tf, name)
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

    def style_for(self, font, size, col):
        ts = tl.TextStyle()
        if font in self.scene_fonts:
            ts.setFontFamilies([font])
        else:
            fam, _, sty = font.partition(":")
            ts.setFontFamilies([fam])
            ts.setFontStyle(font_style(sty) if sty else skia.FontStyle.Normal())
        ts.setFontSize(size)
        ts.setColor(skcolor(col))
        return ts

    def runs(self, L):
        s = L.get("string", "")
        base = (L.get("font", "Helvetica"), L.get("fontSize", 36), color(L.get("foregroundColor"), "white"))
        if isinstance(s, str):
            return [(s, base)]
        return [(r.get("text", ""), (r.get("font", base[0]), r.get("fontSize", base[1]),
                                     color(r.get("foregroundColor"), "white") if "foregroundColor" in r else base[2]))
                for r in s]

    def build(self, L, runs, width):
        fonts = {f for _, (f, _, _) in runs}
        coll = self.own if (self.own is not None and fonts & set(self.scene_fonts)) else self.system
        text = "".join(t for t, _ in runs).replace("\r\n", "\n").replace("\u2029", "\n")
        mode = L.get("alignmentMode", "natural")
        if mode == "natural":
            mode = "right" if first_strong_rtl(text) else "left"
        ps = tl.ParagraphStyle()
        ps.setTextAlign(ALIGN[mode])
        ps.setTextStyle(self.style_for(*runs[0][1]) if runs else tl.TextStyle())
        b = tl.ParagraphBuilder.make(ps, coll, skia.Unicode())
        for t, st in runs:
            b.pushStyle(self.style_for(*st))
            b.addText(t.replace("\r\n", "\n").replace("\u2029", "\n"))
            b.pop()
        p = b.Build()
        p.layout(width)
        return p, mode

    def truncated_runs(self, L, runs, w):
        mode = L.get("truncationMode", "none")
        if mode == "none" or L.get("isWrapped") or len(runs) != 1 or "\n" in runs[0][0]:
            return runs
        text, st = runs[0]
        p, _ = self.build(L, runs, 1e6)
        if p.MaxIntrinsicWidth <= w:
            return runs

        def cut(k):
            if mode == "end":
                return text[:k] + "…"
            if mode == "start":
                return "…" + text[len(text) - k:]
            return text[:(k + 1) // 2] + "…" + text[len(text) - k // 2:]
        lo, hi = 0, len(text)
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.build(L, [(cut(mid), st)], 1e6)[0].MaxIntrinsicWidth <= w:
                lo = mid
            else:
                hi = mid - 1
        return [(cut(lo), st)]

    def draw(self, cv, L, rect, a):
        runs = [r for r in self.runs(L) if r[0]]
        if not runs:
            return
        w = rect.width()
        runs = self.truncated_runs(L, runs, w)
        if L.get("isWrapped"):
            p, mode = self.build(L, runs, max(w, 1e-3))
            x = rect.left()
        else:
            p, mode = self.build(L, runs, 1e6)
            W = max(w, p.MaxIntrinsicWidth + 1)
            p.layout(W)
            x = rect.left() + (w - W) * {"right": 1.0, "center": 0.5}.get(mode, 0.0)
        m = cv.getTotalMatrix()
        y = rect.top()
        if m.getSkewX() == 0 and m.getSkewY() == 0 and m.getScaleY() > 0:
            sy, ty = m.getScaleY(), m.getTranslateY()
            dev = (rect.top() + p.AlphabeticBaseline) * sy + ty
            y = (math.floor(dev + 0.5) - ty) / sy - p.AlphabeticBaseline
        cv.save()
        cv.clipRect(rect, True)
        if a < 1:
            cv.saveLayerAlpha(rect, int(round(a * 255)))
        p.paint(cv, x, y)
        if a < 1:
            cv.restore()
        cv.restore()


def first_strong_rtl(text):
    for ch in text:
        d = unicodedata.bidirectional(ch)
        if d == "L":
            return False
        if d in ("R", "AL"):
            return True
    return False
