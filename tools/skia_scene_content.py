"""Layer-class content for the Skia peer (`skia_scene.py`): CAGradientLayer as an SkGradientShader and
CAShapeLayer as a filled and stroked SkPath, drawn the way a Skia user would (SCENE_FORMAT.md v1.2).
Text (CATextLayer) is in `skia_scene_text.py`."""
import math

import skia

from skia_scene_values import color, make_path, skcolor

CLASSES = ("CATextLayer", "CAGradientLayer", "CAShapeLayer")


# ---------------------------------------------------------------- gradients

def gradient_shader(L, rect):
    """The layer's gradient as a shader over `rect` (bounds space), a flat color (r, g, b, a) for the
    one-color and degenerate cases, or None when it draws nothing."""
    cols = [color(c, "clear") for c in L.get("colors", [])]
    if not cols:
        return None
    if len(cols) == 1:
        return cols[0]
    n = len(cols)
    locs = L.get("locations") or [i / (n - 1) for i in range(n)]
    sx, sy = L.get("startPoint", [0.5, 0])
    ex, ey = L.get("endPoint", [0.5, 1])
    S = (rect.left() + sx * rect.width(), rect.top() + sy * rect.height())
    E = (rect.left() + ex * rect.width(), rect.top() + ey * rect.height())
    kind = L.get("type", "axial")
    dx, dy = E[0] - S[0], E[1] - S[1]
    skcols = [skcolor(c) for c in cols]
    pos = [float(min(1.0, max(0.0, p))) for p in locs]
    clamp = skia.TileMode.kClamp
    if kind == "radial":
        rx, ry = abs(dx), abs(dy)
        if rx == 0 or ry == 0:
            return cols[-1]
        lm = skia.Matrix.Translate(S[0], S[1]).preScale(rx, ry)
        return skia.GradientShader.MakeRadial(skia.Point(0, 0), 1.0, skcols, pos, clamp, 0, lm)
    if dx == 0 and dy == 0:
        return cols[-1]
    if kind == "conic":
        lm = skia.Matrix.RotateDeg(math.degrees(math.atan2(dy, dx)), skia.Point(S[0], S[1]))
        return skia.GradientShader.MakeSweep(S[0], S[1], skcols, pos, clamp, 0, 360, 0, lm)
    return skia.GradientShader.MakeLinear([skia.Point(*S), skia.Point(*E)], skcols, pos, clamp)


def draw_gradient(cv, L, rect, a):
    sh = gradient_shader(L, rect)
    if sh is None:
        return
    if isinstance(sh, tuple):
        p = skia.Paint(AntiAlias=True, Color=skcolor(sh, a))
    else:
        p = skia.Paint(AntiAlias=True, Shader=sh)
        p.setAlphaf(a)
    cv.drawRect(rect, p)


# ---------------------------------------------------------------- shapes

CAPS = {"butt": skia.Paint.kButt_Cap, "round": skia.Paint.kRound_Cap, "square": skia.Paint.kSquare_Cap}
JOINS = {"miter": skia.Paint.kMiter_Join, "round": skia.Paint.kRound_Join, "bevel": skia.Paint.kBevel_Join}


def shape_path(v):
    """The contract's path; a rounded rect starts at (minX + r, minY), clockwise (Skia's start index 0)."""
    if "roundedRect" in v:
        r = v.get("radius", 0)
        return skia.Path().addRRect(skia.RRect.MakeRectXY(skia.Rect.MakeXYWH(*v["roundedRect"]), r, r),
                                    skia.PathDirection.kCW, 0)
    return make_path(v)


def each_contour(path):
    """Yields (measure positioned on the contour, length, closed) for each contour of `path`, in order."""
    pm = skia.PathMeasure(path, False, 64.0)  # res scale: arc lengths within ~0.01 pt (the default is ~0.7 pt short on a rounded rect)
    while True:
        yield pm, pm.getLength(), pm.isClosed()
        if not pm.nextContour():
            break


def dash_intervals(pattern, phase, total):
    """The 'on' intervals [a, b] of the dash pattern laid from distance 0 to `total` (one pattern over the
    whole path, as Core Graphics does)."""
    pat = list(pattern) * (2 if len(pattern) % 2 else 1)
    period = sum(pat)
    if period <= 0:
        return [(0.0, total)]
    d = -(phase % period)
    out, i = [], 0
    while d <= total:
        on, off = pat[i], pat[i + 1]
        if d + on >= 0:
            out.append((max(d, 0.0), min(d + on, total)) if on > 0 else (d, d))
        d += on + off
        i = (i + 2) % len(pat)
        if on + off == 0:
            d += 1e-9
    return [(x, y) for x, y in out if -1e-9 <= x <= total + 1e-9]


def stroke_geometry(L, path):
    """The path to stroke: dashes over the whole path, continued across subpaths, then cut to
    strokeStart…strokeEnd of the total length; a closed subpath kept whole stays closed."""
    s0, s1 = L.get("strokeStart", 0), L.get("strokeEnd", 1)
    pattern = L.get("lineDashPattern")
    if s0 <= 0 and s1 >= 1 and not pattern:
        return path
    total = sum(n for _, n, _ in each_contour(path))
    lo, hi = s0 * total, s1 * total
    if lo >= hi:
        return None
    pieces = dash_intervals(pattern, L.get("lineDashPhase", 0), total) if pattern else [(0.0, total)]
    cap = L.get("lineCap", "butt")
    out = skia.Path()
    off = 0.0
    for m, n, closed in each_contour(path):
        for a, b in pieces:
            a2, b2 = max(a, lo, off), min(b, hi, off + n)
            if a2 > b2 or (a2 == b2 and not (a == b and lo <= a <= hi and off <= a <= off + n)):
                continue
            if a2 == b2:
                if cap == "butt":
                    continue
                pt_tan = m.getPosTan(a2 - off)
                if not pt_tan:
                    continue
                pt, tan = pt_tan
                e = 1e-3
                out.moveTo(pt.x() - tan.x() * e, pt.y() - tan.y() * e)
                out.lineTo(pt.x() + tan.x() * e, pt.y() + tan.y() * e)
            elif closed and a2 <= off + 1e-9 and b2 >= off + n - 1e-9:
                seg = skia.Path()
                m.getSegment(0, n, seg, True)
                seg.close()
                out.addPath(seg)
            else:
                seg = skia.Path()  # skia-python's getSegment replaces dst rather than appending
                m.getSegment(a2 - off, b2 - off, seg, True)
                out.addPath(seg)
        off += n
    return out


def shape_stroke_paint(L, a):
    w = L.get("lineWidth", 1)
    sc = color(L.get("strokeColor"), "clear")
    if w <= 0 or sc[3] <= 0:
        return None
    return skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=w, Color=skcolor(sc, a),
                      StrokeCap=CAPS[L.get("lineCap", "butt")], StrokeJoin=JOINS[L.get("lineJoin", "miter")],
                      StrokeMiter=L.get("miterLimit", 10))


def draw_shape(cv, L, a):
    if "path" not in L:
        return
    path = shape_path(L["path"])
    path.setFillType(skia.PathFillType.kEvenOdd if L.get("fillRule") == "evenOdd" else skia.PathFillType.kWinding)
    fc = color(L.get("fillColor"), "black")
    if fc[3] > 0:
        cv.drawPath(path, skia.Paint(AntiAlias=True, Color=skcolor(fc, a)))
    p = shape_stroke_paint(L, a)
    if p is not None:
        g = stroke_geometry(L, path)
        if g is not None:
            cv.drawPath(g, p)


def shape_extent(L):
    if "path" not in L:
        return None
    b = shape_path(L["path"]).computeTightBounds()
    if shape_stroke_paint(L, 1) is not None:
        w = L.get("lineWidth", 1)
        pad = w / 2 * max(L.get("miterLimit", 10), 1.5) + 1
        b = b.makeOutset(pad, pad)
    return b
