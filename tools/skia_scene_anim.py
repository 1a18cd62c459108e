"""Animation sampling for the Skia peer (`skia_scene.py`): a still of a v1.1 scene at time t is the scene with
every animated property replaced by its sampled value (SCENE_FORMAT.md, Animations). Covers basic and keyframe
animations (linear and discrete, keyTimes, timing functions, repeatCount, autoreverses, fillMode, speed,
timeOffset) on plain key paths of numbers, points, sizes, rects, colors, number arrays and same-shape paths (affineTransform
component by component, not decomposed);
springs, groups, paced/cubic keyframes and transform.* key paths are left at their model values (reported)."""
import copy, math, re

from skia_scene_values import color

NAMED_TIMING = {"linear": None, "easeIn": (0.42, 0, 1, 1), "easeOut": (0, 0, 0.58, 1),
                "easeInEaseOut": (0.42, 0, 0.58, 1), "default": (0.25, 0.1, 0.25, 1)}
COLOR_PATHS = {"backgroundColor", "borderColor", "shadowColor", "fillColor", "strokeColor", "foregroundColor"}
NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")


def bezier(tf, x):
    if tf is None or x <= 0 or x >= 1:
        return min(1.0, max(0.0, x))
    x1, y1, x2, y2 = tf

    def b(p1, p2, t):
        return 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t * t * p2 + t ** 3
    lo, hi = 0.0, 1.0
    for _ in range(60):
        mid = (lo + hi) / 2
        if b(x1, x2, mid) < x:
            lo = mid
        else:
            hi = mid
    return b(y1, y2, (lo + hi) / 2)


def lerp(key, a, b, f):
    if key in COLOR_PATHS or (key == "colors" and isinstance(a, list)):
        if key == "colors":
            return [lerp("fillColor", x, y, f) for x, y in zip(a, b)]
        ca, cb = color(a, "clear"), color(b, "clear")
        return [x + (y - x) * f for x, y in zip(ca, cb)]
    if isinstance(a, (int, float)):
        return a + (b - a) * f
    if isinstance(a, list):
        return [lerp(key, x, y, f) for x, y in zip(a, b)]
    if isinstance(a, dict):
        out = dict(a)
        for k in a:
            if k in b and k != "fillRule":
                if k == "svg":
                    na, nb = NUM.findall(a[k]), NUM.findall(b[k])
                    it = iter([str(float(x) + (float(y) - float(x)) * f) for x, y in zip(na, nb)])
                    out[k] = NUM.sub(lambda _: next(it), a[k])
                else:
                    out[k] = lerp(k, a[k], b[k], f)
        return out
    return a if f < 0.5 else b


def sample(anim, model, t):
    """The animated value at scene time t, or None when the model value shows."""
    if anim.get("type") in ("spring", "group") or anim.get("calculationMode") in ("paced", "cubic"):
        return None
    dur = anim.get("duration", 0.25)
    rc = anim.get("repeatCount", 1)
    rc = math.inf if rc == "infinite" else rc
    rev = anim.get("autoreverses", False)
    speed, offset = anim.get("speed", 1), anim.get("timeOffset", 0)
    cycle = dur * (2 if rev else 1)
    active = cycle * rc
    begin = anim.get("beginTime", 0)
    fill = anim.get("fillMode", "removed")
    if t < begin:
        if fill not in ("backwards", "both"):
            return None
        local = offset % active if active != math.inf else offset
    elif (t - begin) * speed >= active:
        if fill not in ("forwards", "both"):
            return None
        local = active
    else:
        local = (t - begin) * speed + offset
        if active != math.inf:
            local = local % active
    if local >= active:
        frac = rc % 1 or 1.0
        p = frac * dur if not rev else (dur - (frac * cycle - dur) if frac * cycle > dur else frac * cycle)
    else:
        p = local % cycle
        if rev and p > dur:
            p = 2 * dur - p
    x = p / dur
    tf = anim.get("timingFunction", "linear")
    tf = NAMED_TIMING[tf] if isinstance(tf, str) else tuple(tf)
    key = anim["keyPath"]
    if "values" in anim:
        vals = anim["values"]
        kt = anim.get("keyTimes") or [i / (len(vals) - 1) for i in range(len(vals))]
        x = bezier(tf, x)
        i = max(0, min(len(vals) - 2, max(j for j in range(len(kt)) if kt[j] <= x + 1e-12) if x >= kt[0] else 0))
        if anim.get("calculationMode") == "discrete":
            return vals[i if x < kt[-1] else len(vals) - 1]
        span = kt[i + 1] - kt[i]
        f = (x - kt[i]) / span if span > 0 else 1.0
        return lerp(key, vals[i], vals[i + 1], min(1.0, max(0.0, f)))
    a = anim.get("from", model)
    b = anim.get("to", model)
    return lerp(key, a, b, bezier(tf, x))


DEFAULTS = {"opacity": 1, "strokeStart": 0, "strokeEnd": 1, "lineWidth": 1, "miterLimit": 10, "lineDashPhase": 0,
            "cornerRadius": 0, "borderWidth": 0, "shadowOpacity": 0, "shadowRadius": 3, "shadowOffset": [0, -3],
            "zPosition": 0, "anchorPoint": [0.5, 0.5], "affineTransform": [1, 0, 0, 1, 0, 0],
            "contentsRect": [0, 0, 1, 1], "backgroundColor": "clear", "borderColor": "black", "shadowColor": "black",
            "fillColor": "black", "strokeColor": "clear", "foregroundColor": "white", "fontSize": 36,
            "startPoint": [0.5, 0], "endPoint": [0.5, 1]}


def apply(scene, t, unsupported):
    """A copy of `scene` with every animated property sampled at t; key paths it cannot sample are added to
    `unsupported`."""
    sc = copy.deepcopy(scene)

    def walk(L):
        anims = L.pop("animations", None) or []
        if anims and "frame" in L:
            ax, ay = L.get("anchorPoint", [0.5, 0.5])
            fx, fy, w, h = L.pop("frame")
            L.setdefault("bounds", [0, 0, w, h])
            L["position"] = [fx + ax * w, fy + ay * h]
        for an in anims:
            key = an.get("keyPath", "")
            if an.get("type") in ("spring", "group") or key.startswith("transform."):
                unsupported.add(key or an.get("type"))
                continue
            if key in ("position.x", "position.y"):
                i = 0 if key.endswith("x") else 1
                v = sample(an, L["position"][i], t)
                if v is not None:
                    L["position"][i] = v
                continue
            v = sample(an, L.get(key, DEFAULTS.get(key)), t)
            if v is not None:
                L[key] = v
        for s in L.get("sublayers", []):
            walk(s)
        if "mask" in L:
            walk(L["mask"])
    walk(sc["root"])
    return sc
