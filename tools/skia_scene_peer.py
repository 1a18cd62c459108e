"""The Skia peer's drawing (`skia_scene.py`): a Lamina layer tree recorded into an SkPicture the way a Skia user
would draw it."""
import math

import skia

from skia_scene_content import CLASSES, draw_gradient, draw_shape, shape_extent
from skia_scene_text import TextDrawer
from skia_scene_values import Geo, color, load_image, make_path, skcolor


class Peer:
    def __init__(self, scene, folder):
        self.sc = scene
        self.images = {k: load_image(v, folder) for k, v in scene.get("images", {}).items()}
        self.sub_cache = {}
        self.geo, self.ext, self.nparts = {}, {}, {}
        self.text = TextDrawer(scene, folder)
        self.text_images = {}

    # -- helpers with per-layer memo
    def g(self, L):
        k = id(L)
        if k not in self.geo:
            self.geo[k] = Geo(L)
        return self.geo[k]

    @staticmethod
    def visible(L):
        if L.get("hidden") or L.get("opacity", 1) <= 0:
            return False
        m = L.get("mask")
        return not (m is not None and (m.get("hidden") or m.get("opacity", 1) <= 0))

    def own_parts(self, L):
        n = 0
        if color(L.get("backgroundColor"), "clear")[3] > 0:
            n += 1
        if self.has_content(L):
            n += 1
        if L.get("borderWidth", 0) > 0 and color(L.get("borderColor"), "black")[3] > 0:
            n += 1
        if L.get("shadowOpacity", 0) > 0:
            n += 1
        return n

    def has_content(self, L):
        cls = L.get("class", "CALayer")
        if cls == "CAGradientLayer":
            return bool(L.get("colors"))
        if cls == "CAShapeLayer":
            return "path" in L
        if cls == "CATextLayer":
            s = L.get("string", "")
            return bool(s) if isinstance(s, str) else any(r.get("text") for r in s)
        return L.get("contents") in self.images

    def content_extent(self, L):
        """Bounds-space rect the layer's content (contents image or class content) may cover, or None."""
        cls = L.get("class", "CALayer")
        if not self.has_content(L):
            return None
        if cls == "CAShapeLayer":
            return shape_extent(L)
        if cls in CLASSES:
            return self.g(L).rect
        cd = self.content_dst(L)
        return cd[2] if cd else None

    def parts(self, L):
        k = id(L)
        if k not in self.nparts:
            self.nparts[k] = self.own_parts(L) + sum(self.parts(s) for s in L.get("sublayers", []) if self.visible(s))
        return self.nparts[k]

    def content_dst(self, L):
        """(image, src rect in the sub-image's pixels, dst rect in bounds space) for the layer's contents."""
        img = self.images.get(L.get("contents"))
        if img is None:
            return None
        iw, ih = img.width(), img.height()
        cx, cy, cw, ch = L.get("contentsRect", [0, 0, 1, 1])
        key = (L.get("contents"), cx, cy, cw, ch)
        if key not in self.sub_cache:
            x0 = max(0, min(iw - 1, math.floor(cx * iw + 1e-6)))
            y0 = max(0, min(ih - 1, math.floor(cy * ih + 1e-6)))
            x1 = max(x0 + 1, min(iw, math.ceil((cx + cw) * iw - 1e-6)))
            y1 = max(y0 + 1, min(ih, math.ceil((cy + ch) * ih - 1e-6)))
            sub = img if (x0, y0, x1, y1) == (0, 0, iw, ih) else img.makeSubset(skia.IRect.MakeLTRB(x0, y0, x1, y1))
            self.sub_cache[key] = (sub.withDefaultMipmaps(), x0, y0)
        sub, x0, y0 = self.sub_cache[key]
        src = skia.Rect.MakeXYWH(cx * iw - x0, cy * ih - y0, cw * iw, ch * ih)
        r = self.g(L).rect
        sw, sh = src.width(), src.height()
        scale = L.get("contentsScale", 1)
        grav = L.get("contentsGravity", "resize")
        if grav == "resize" or sw <= 0 or sh <= 0:
            dst = r
        elif grav in ("resizeAspect", "resizeAspectFill"):
            f = (min if grav == "resizeAspect" else max)(r.width() / sw, r.height() / sh)
            w, h = sw * f, sh * f
            dst = skia.Rect.MakeXYWH(r.left() + (r.width() - w) / 2, r.top() + (r.height() - h) / 2, w, h)
        else:
            w, h = sw / scale, sh / scale
            x = r.left() + (r.width() - w) / 2
            y = r.top() + (r.height() - h) / 2
            if "left" in grav.lower():
                x = r.left()
            if "right" in grav.lower():
                x = r.right() - w
            if grav.startswith("top"):
                y = r.top()
            if grav.startswith("bottom"):
                y = r.bottom() - h
            dst = skia.Rect.MakeXYWH(x, y, w, h)
        return sub, src, dst

    def extent(self, L):
        """Conservative bounds of everything the layer draws, in its own bounds space (None: nothing)."""
        k = id(L)
        if k in self.ext:
            return self.ext[k]
        geo = self.g(L)
        e = skia.Rect.MakeEmpty()
        if self.own_parts(L) - (1 if L.get("shadowOpacity", 0) > 0 else 0) > 0:
            e.join(geo.rect)
            ce = self.content_extent(L)
            if ce is not None:
                e.join(ce if not L.get("masksToBounds") else geo.rect)
        for s in L.get("sublayers", []):
            if self.visible(s):
                se = self.extent(s)
                if se is not None:
                    se = self.g(s).matrix.mapRect(se)
                    if L.get("masksToBounds"):
                        se = se if se.intersect(geo.rect) else skia.Rect.MakeEmpty()
                    e.join(se)
        if L.get("shadowOpacity", 0) > 0:
            base = make_path(L["shadowPath"]).getBounds() if "shadowPath" in L else skia.Rect(e.left(), e.top(), e.right(), e.bottom())
            if not base.isEmpty():
                pad = 3 * L.get("shadowRadius", 3) + 2
                dx, dy = L.get("shadowOffset", [0, -3])
                base = base.makeOffset(dx, dy).makeOutset(pad, pad)
                if L.get("masksToBounds"):
                    base = base if base.intersect(geo.rect) else skia.Rect.MakeEmpty()
                e.join(base)
        if "mask" in L:
            me = self.extent(L["mask"])
            me = self.g(L["mask"]).matrix.mapRect(me) if me is not None else skia.Rect.MakeEmpty()
            e = e if e.intersect(me) else skia.Rect.MakeEmpty()
        res = None if e.isEmpty() else e.makeOutset(1, 1)
        self.ext[k] = res
        return res

    # -- drawing
    def draw_layer(self, cv, L, f):
        if not self.visible(L):
            return
        ext = self.extent(L)
        if ext is None:
            return
        geo = self.g(L)
        cv.save()
        cv.concat(geo.matrix)
        op = L.get("opacity", 1)
        allow = L.get("allowsGroupOpacity", self.sc.get("groupOpacity", True)) or L.get("shouldRasterize", False)
        group = op < 1 and allow and self.parts(L) > 1
        mask = L.get("mask")
        if mask is not None:
            cv.saveLayer(ext, None)
        if group:
            cv.saveLayerAlpha(ext, int(round(op * f * 255)))
            a = 1.0
        else:
            a = f * op
        self.draw_shadow(cv, L, a)
        self.draw_body(cv, L, a)
        if group:
            cv.restore()
        if mask is not None:
            cv.saveLayer(ext, skia.Paint(BlendMode=skia.BlendMode.kDstIn))
            self.draw_layer(cv, mask, 1.0)
            cv.restore()
            cv.restore()
        cv.restore()

    def silhouette(self, L):
        """The opaque rounded rect that is exactly everything the layer draws at full opacity (its shadow
        shape), in its bounds space, or None. As the planner proves it: an opaque background whose drawing
        cannot leave the rounded bounds (masksToBounds, or nothing else drawn), or a layer that draws nothing
        itself and has one drawing sublayer (opacity 1, translated only, without shadow) that is such a rect."""
        if "mask" in L:
            return None
        geo = self.g(L)
        subs = [s for s in L.get("sublayers", []) if self.visible(s) and self.extent(s) is not None]
        has_contents = self.has_content(L)
        if color(L.get("backgroundColor"), "clear")[3] >= 1:
            if L.get("masksToBounds") or (not subs and not has_contents):
                return geo.rrect()
            return None
        if has_contents or (L.get("borderWidth", 0) > 0 and color(L.get("borderColor"), "black")[3] > 0):
            return None
        if len(subs) != 1:
            return None
        c = subs[0]
        m = self.g(c).matrix
        if c.get("opacity", 1) < 1 or c.get("shadowOpacity", 0) > 0 or not (
                m.getScaleX() == 1 and m.getScaleY() == 1 and m.getSkewX() == 0 and m.getSkewY() == 0):
            return None
        rr = self.silhouette(c)
        if rr is None:
            return None
        out = skia.RRect(rr)
        out.offset(m.getTranslateX(), m.getTranslateY())
        if L.get("masksToBounds"):
            return None  # a clip of the child by this layer's bounds is no longer one rounded rect in general
        return out

    def draw_shadow(self, cv, L, a):
        sop = L.get("shadowOpacity", 0)
        if sop <= 0:
            return
        geo = self.g(L)
        col = skcolor(color(L.get("shadowColor"), "black"), sop * a)
        sigma = L.get("shadowRadius", 3)
        dx, dy = L.get("shadowOffset", [0, -3])
        clip = L.get("masksToBounds", False)
        if clip:
            cv.save()
            cv.clipRRect(geo.rrect(), skia.ClipOp.kIntersect, True)
        sil = None if "shadowPath" in L else self.silhouette(L)
        if "shadowPath" in L or sil is not None:
            p = skia.Paint(AntiAlias=True, Color=col)
            if sigma > 0:
                p.setMaskFilter(skia.MaskFilter.MakeBlur(skia.kNormal_BlurStyle, sigma))
            cv.save()
            cv.translate(dx, dy)
            if "shadowPath" in L:
                cv.drawPath(make_path(L["shadowPath"]), p)
            else:
                cv.drawRRect(sil, p)
            cv.restore()
        else:
            body = skia.Rect.MakeEmpty()
            for s in L.get("sublayers", []):
                if self.visible(s) and self.extent(s) is not None:
                    body.join(self.g(s).matrix.mapRect(self.extent(s)))
            body.join(geo.rect)
            ce = self.content_extent(L)
            if ce is not None:
                body.join(ce)
            p = skia.Paint(ImageFilter=skia.ImageFilters.DropShadowOnly(dx, dy, sigma, sigma, col))
            cv.saveLayer(body, p)
            self.draw_body(cv, L, 1.0)
            cv.restore()
        if clip:
            cv.restore()

    def draw_body(self, cv, L, a):
        geo = self.g(L)
        bg = color(L.get("backgroundColor"), "clear")
        if bg[3] > 0:
            cv.drawRRect(geo.rrect(), skia.Paint(AntiAlias=True, Color=skcolor(bg, a)))
        clip = L.get("masksToBounds", False)
        if clip:
            cv.save()
            cv.clipRRect(geo.rrect(), skia.ClipOp.kIntersect, True)
        self.draw_contents(cv, L, a)
        subs = [s for s in L.get("sublayers", [])]
        subs = sorted(subs, key=lambda s: s.get("zPosition", 0))  # Python's sort is stable
        for s in subs:
            self.draw_layer(cv, s, a)
        if clip:
            cv.restore()
        bw = L.get("borderWidth", 0)
        bc = color(L.get("borderColor"), "black")
        if bw > 0 and bc[3] > 0:
            r = geo.rect
            if bw * 2 >= min(r.width(), r.height()):
                # The border covers the whole layer: fill the rounded bounds.
                cv.drawRRect(geo.rrect(), skia.Paint(AntiAlias=True, Color=skcolor(bc, a)))
            else:
                p = skia.Paint(AntiAlias=True, Style=skia.Paint.kStroke_Style, StrokeWidth=bw, Color=skcolor(bc, a))
                cv.drawRRect(geo.rrect(bw / 2), p)

    def draw_contents(self, cv, L, a):
        cls = L.get("class", "CALayer")
        if cls in CLASSES:
            if not self.has_content(L):
                return
            if cls == "CAGradientLayer":
                draw_gradient(cv, L, self.g(L).rect, a)
            elif cls == "CAShapeLayer":
                draw_shape(cv, L, a)
            elif "contentsScale" in L and L["contentsScale"] != self.sc.get("scale", 1):
                self.draw_text_image(cv, L, a)
            else:
                self.text.draw(cv, L, self.g(L).rect, a)
            return
        cd = self.content_dst(L)
        if cd is None:
            return
        img, src, dst = cd
        if src.width() <= 0 or src.height() <= 0 or dst.isEmpty():
            return
        sx, sy = dst.width() / src.width(), dst.height() / src.height()
        m = cv.getTotalMatrix()
        px = math.hypot(m.getScaleX(), m.getSkewY()) * sx
        py = math.hypot(m.getSkewX(), m.getScaleY()) * sy
        minify = px < 1 - 1e-6 or py < 1 - 1e-6
        filt = L.get("minificationFilter" if minify else "magnificationFilter", "linear")
        if filt == "nearest":
            so = skia.SamplingOptions(skia.FilterMode.kNearest, skia.MipmapMode.kNone)
        elif filt == "trilinear" and minify:
            so = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kLinear)
        else:
            so = skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kNone)
        # Nearest sampling: a sample that falls exactly on a texel edge (2:1 minification) takes the texel
        # after it, as GL does; Skia's raster pipeline would take the one before.
        eps = 1 / 1024 if filt == "nearest" else 0.0
        lm = skia.Matrix.Translate(dst.left(), dst.top()).preScale(sx, sy).preTranslate(-src.left() - eps, -src.top() - eps)
        sh = img.makeShader(skia.TileMode.kClamp, skia.TileMode.kClamp, so, lm)
        p = skia.Paint(AntiAlias=True, Shader=sh)
        p.setAlphaf(a)
        cv.drawRect(dst, p)

    def draw_text_image(self, cv, L, a):
        """Text at its own contentsScale: rasterized into ceil(bounds x scale) pixels, drawn into the bounds."""
        r = self.g(L).rect
        k = id(L)
        if k not in self.text_images:
            cs = L["contentsScale"]
            w, h = max(1, math.ceil(r.width() * cs)), max(1, math.ceil(r.height() * cs))
            surf = skia.Surface(w, h)
            c = surf.getCanvas()
            c.scale(cs, cs)
            self.text.draw(c, L, skia.Rect.MakeWH(r.width(), r.height()), 1.0)
            self.text_images[k] = (surf.makeImageSnapshot(), w / cs, h / cs)
        img, w, h = self.text_images[k]
        p = skia.Paint(AntiAlias=True)
        p.setAlphaf(a)
        cv.drawImageRect(img, skia.Rect.MakeXYWH(r.left(), r.top(), w, h),
                         skia.SamplingOptions(skia.FilterMode.kLinear, skia.MipmapMode.kNone), p)

    def record(self):
        sc = self.sc
        scale = sc.get("scale", 1)
        w, h = round(sc["width"] * scale), round(sc["height"] * scale)
        rec = skia.PictureRecorder()
        cv = rec.beginRecording(skia.Rect.MakeWH(w, h))
        cv.clear(skcolor(color(sc.get("background"), "clear")))
        cv.scale(scale, scale)
        self.draw_layer(cv, sc["root"], 1.0)
        return rec.finishRecordingAsPicture(), w, h
