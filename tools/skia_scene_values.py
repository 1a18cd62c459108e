"""Scene values for the Skia peer (`skia_scene.py`): colors, SVG path data, images and layer geometry,
read from a Lamina scene (SCENE_FORMAT.md) into Skia objects."""
import base64, io, os, re

import numpy as np
import skia
from PIL import Image

NAMED = {"clear": (0, 0, 0, 0), "black": (0, 0, 0, 1), "white": (1, 1, 1, 1), "gray": (.5, .5, .5, 1),
         "lightGray": (2 / 3, 2 / 3, 2 / 3, 1), "darkGray": (1 / 3, 1 / 3, 1 / 3, 1), "red": (1, 0, 0, 1),
         "green": (0, 1, 0, 1), "blue": (0, 0, 1, 1), "cyan": (0, 1, 1, 1), "yellow": (1, 1, 0, 1),
         "magenta": (1, 0, 1, 1), "orange": (1, .5, 0, 1), "purple": (.5, 0, .5, 1), "brown": (.6, .4, .2, 1)}
CORNERS = ["minXMinY", "maxXMinY", "maxXMaxY", "minXMaxY"]  # Skia's order: UL, UR, LR, LL


def color(v, default):
    if v is None:
        v = default
    if isinstance(v, list):
        return tuple(v) if len(v) == 4 else (v[0], v[1], v[2], 1.0)
    if v.startswith("#"):
        h = v[1:]
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        comps = [int(h[i:i + 2], 16) / 255 for i in range(0, len(h), 2)]
        return tuple(comps) if len(comps) == 4 else tuple(comps) + (1.0,)
    return NAMED[v]


def skcolor(c, alpha=1.0):
    r, g, b, a = c
    return skia.Color4f(r, g, b, max(0.0, min(1.0, a * alpha))).toColor()


# ---------------------------------------------------------------- SVG path data (the contract's subset)

TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def svg_path(d, rule):
    toks = TOKEN.findall(d)
    p = skia.Path()
    i, cmd = 0, None
    cx = cy = sx = sy = 0.0
    lc = None  # last control point (for S / T)
    last = None

    def num():
        nonlocal i
        v = float(toks[i]); i += 1
        return v

    while i < len(toks):
        if toks[i].isalpha():
            cmd = toks[i]; i += 1
        rel = cmd.islower()
        C = cmd.upper()
        ox, oy = (cx, cy) if rel else (0.0, 0.0)
        if C == "Z":
            p.close(); cx, cy = sx, sy; lc = None; last = "Z"
            continue
        if C == "M":
            cx, cy = num() + ox, num() + oy
            p.moveTo(cx, cy); sx, sy = cx, cy; lc = None
            cmd = "l" if rel else "L"; last = "M"
            continue
        if C == "L":
            cx, cy = num() + ox, num() + oy; p.lineTo(cx, cy); lc = None
        elif C == "H":
            cx = num() + (cx if rel else 0); p.lineTo(cx, cy); lc = None
        elif C == "V":
            cy = num() + (cy if rel else 0); p.lineTo(cx, cy); lc = None
        elif C in "CS":
            if C == "C":
                x1, y1 = num() + ox, num() + oy
            else:
                x1, y1 = (2 * cx - lc[0], 2 * cy - lc[1]) if lc and last in "CS" else (cx, cy)
            x2, y2, x, y = num() + ox, num() + oy, num() + ox, num() + oy
            p.cubicTo(x1, y1, x2, y2, x, y); lc = (x2, y2); cx, cy = x, y
        elif C in "QT":
            if C == "Q":
                x1, y1 = num() + ox, num() + oy
            else:
                x1, y1 = (2 * cx - lc[0], 2 * cy - lc[1]) if lc and last in "QT" else (cx, cy)
            x, y = num() + ox, num() + oy
            p.quadTo(x1, y1, x, y); lc = (x1, y1); cx, cy = x, y
        elif C == "A":
            rx, ry, rot, large, sweep = num(), num(), num(), num(), num()
            x, y = num() + ox, num() + oy
            p.arcTo(rx, ry, rot, skia.Path.ArcSize.kLarge_ArcSize if large else skia.Path.ArcSize.kSmall_ArcSize,
                    skia.PathDirection.kCW if sweep else skia.PathDirection.kCCW, x, y)
            cx, cy = x, y; lc = None
        last = C
    p.setFillType(skia.PathFillType.kEvenOdd if rule == "evenOdd" else skia.PathFillType.kWinding)
    return p


def make_path(v):
    if "rect" in v:
        return skia.Path().addRect(skia.Rect.MakeXYWH(*v["rect"]))
    if "ellipse" in v:
        return skia.Path().addOval(skia.Rect.MakeXYWH(*v["ellipse"]))
    if "roundedRect" in v:
        r = v.get("radius", 0)
        return skia.Path().addRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(*v["roundedRect"]), r, r))
    return svg_path(v["svg"], v.get("fillRule", "nonZero"))


# ---------------------------------------------------------------- images

def load_image(src, folder):
    if src.startswith("data:"):
        im = Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1])))
    else:
        im = Image.open(os.path.join(folder, src))
    if im.mode in ("I;16", "I;16B", "I"):
        im = Image.fromarray((np.asarray(im, dtype=np.uint32) >> 8).astype(np.uint8))
    rgba = np.asarray(im.convert("RGBA"), dtype=np.uint32)
    pm = rgba.copy()
    pm[..., :3] = (rgba[..., :3] * rgba[..., 3:4] + 127) // 255
    return skia.Image.fromarray(pm[..., [2, 1, 0, 3]].astype(np.uint8).copy(),
                                colorType=skia.kBGRA_8888_ColorType, alphaType=skia.kPremul_AlphaType)


# ---------------------------------------------------------------- layer geometry

class Geo:
    """Bounds rect, anchor-based matrix into the superlayer's bounds space, corner radii."""

    def __init__(self, L):
        ax, ay = L.get("anchorPoint", [0.5, 0.5])
        if "frame" in L:
            fx, fy, w, h = L["frame"]
            self.rect = skia.Rect.MakeXYWH(0, 0, w, h)
            px, py = fx + ax * w, fy + ay * h
        else:
            bx, by, w, h = L.get("bounds", [0, 0, 0, 0])
            self.rect = skia.Rect.MakeXYWH(bx, by, w, h)
            px, py = L.get("position", [0, 0])
        a, b, c, d, tx, ty = L.get("affineTransform", [1, 0, 0, 1, 0, 0])
        r = self.rect
        m = skia.Matrix.Translate(px, py)
        m = m.preConcat(skia.Matrix.MakeAll(a, c, tx, b, d, ty, 0, 0, 1))
        self.matrix = m.preConcat(skia.Matrix.Translate(-(r.left() + ax * r.width()), -(r.top() + ay * r.height())))
        rad = max(0.0, min(L.get("cornerRadius", 0), min(r.width(), r.height()) / 2))
        masked = L.get("maskedCorners", CORNERS)
        self.radii = [rad if c in masked else 0.0 for c in CORNERS]

    def rrect(self, inset=0.0):
        rect = self.rect.makeInset(inset, inset)
        rr = skia.RRect()
        rr.setRectRadii(rect, [skia.Point(max(0.0, r - inset), max(0.0, r - inset)) for r in self.radii])
        return rr
