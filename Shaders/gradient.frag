#version 300 es
// A CAGradientLayer's gradient at each pixel (GradientDraw), as GradientRasterizer computes it on the CPU:
// t from the pixel center mapped into bounds points (axial, radial, conic), the color at t interpolated
// unpremultiplied between the stops, premultiplied, × the exact area of the bounds in the pixel, rounded to
// bytes as the CPU path stores it, × opacity × clip.
precision highp float;
#include "clip.glsl"

#define kMaxStops 16
/// 3: a degenerate gradient, the last color everywhere; else the program's kind.
uniform int u_kind;
uniform vec2 u_start;
uniform vec2 u_vector;
/// Two rows (a, c, tx), (b, d, ty) of the target pixel → bounds points transform.
uniform vec3 u_inverse[2];
uniform vec4 u_colors[kMaxStops];
uniform float u_locations[kMaxStops];
uniform int u_stopCount;
/// The bounds in target pixels (minX, minY, maxX, maxY).
uniform vec4 u_cover;
uniform float u_opacity;
out vec4 fragColor;

// One program per kind (LAMINA_GRADIENT_AXIAL, _RADIAL, _CONIC): llvmpipe would run every kind's code.
float parameter(vec2 p) {
    if (u_kind == 3) {
        return 3.0e38;
    }
    vec2 q = p - u_start;
#if defined(LAMINA_GRADIENT_RADIAL)
    vec2 r = q * u_vector;
    return sqrt(r.x * r.x + r.y * r.y);
#elif defined(LAMINA_GRADIENT_CONIC)
    float x = q.x * u_vector.x + q.y * u_vector.y;
    float y = u_vector.x * q.y - u_vector.y * q.x;
    if (x == 0.0 && y == 0.0) {
        return 0.0;
    }
    float t = atan(y, x) * 0.15915494309189535;
    if (t < 0.0) {
        t += 1.0;
    }
    return t < 1.0 ? t : 0.0;
#else
    return q.x * u_vector.x + q.y * u_vector.y;
#endif
}

vec4 colorAt(float t) {
    int last = u_stopCount - 1;
    if (!(t < u_locations[last])) {
        return u_colors[last];
    }
    if (t < u_locations[0]) {
        return u_colors[0];
    }
    for (int i = 0; i < kMaxStops - 1; ++i) {
        if (i >= last) {
            break;
        }
        float a = u_locations[i];
        float b = u_locations[i + 1];
        if (t >= a && t < b) {
            float f = clamp((t - a) * (1.0 / (b - a)), 0.0, 1.0);
            return u_colors[i] + (u_colors[i + 1] - u_colors[i]) * f;
        }
    }
    return u_colors[last];
}

void main() {
    vec2 pixel = targetPixel();
    vec2 p = applyAffine(u_inverse[0], u_inverse[1], pixel);
    vec4 c = colorAt(parameter(p));
    vec2 cell = floor(pixel);
    float cx = clamp(min(cell.x + 1.0, u_cover.z) - max(cell.x, u_cover.x), 0.0, 1.0);
    float cy = clamp(min(cell.y + 1.0, u_cover.w) - max(cell.y, u_cover.y), 0.0, 1.0);
    // The CPU path stores the gradient as bytes (coverage as a byte, then each premultiplied component
    // rounded) before drawing them at the opacity and clip; the same roundings keep the paths together.
    float coverage = floor(cx * cy * 255.0 + 0.5) / 255.0;
    float a = c.a * coverage;
    vec4 stored = floor(clamp(vec4(c.rgb * a, a) * 255.0, 0.0, 255.0) + 0.5) / 255.0;
    fragColor = stored * (u_opacity * clipCoverage(pixel));
}
