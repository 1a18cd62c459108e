// Rounded-rectangle signed distance and coverage: the GLSL twin of RoundedRect.signedDistance(to:).
// rect = (minX, minY, width, height); radii = (topLeft, topRight, bottomRight, bottomLeft);
// continuous > 0.5 selects the superellipse (continuous) corner; that branch is compiled only with
// LAMINA_CONTINUOUS_CORNERS (llvmpipe evaluates both sides of a branch, pow() included).
#include "common.glsl"

const float kContinuousExtentFactor = 1.528;

/// p relative to the corner of its quadrant, as sdRoundBox measures it: (q, r) with
/// q = |p − center| − half size + r and r the radius of that corner.
vec3 rrectCornerOffset(vec4 rect, vec4 radii, vec2 p) {
    vec2 hs = rect.zw * 0.5;
    vec2 mid = rect.xy + hs;
    vec2 side = p.y < mid.y ? radii.xy : radii.wz;
    float r = p.x < mid.x ? side.x : side.y;
    return vec3(abs(p - mid) - hs + r, r);
}

/// The circular-corner signed distance from a corner offset (rrectCornerOffset).
float cornerDistance(vec3 corner) {
    vec2 q = corner.xy;
    return length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - corner.z;
}

/// The corner offset of the same point for the shape inset by w with radii max(r − w, 0)
/// (RoundedRect.inset(by:), a border's inner edge): half size − w and max(r − w, 0) give
/// q + max(w − r, 0). Exact while w ≤ half the smaller side (Border.insetWidth).
vec3 insetCornerOffset(vec3 corner, float w) {
    return vec3(corner.xy + max(w - corner.z, 0.0), max(corner.z - w, 0.0));
}

float rrectSignedDistance(vec4 rect, vec4 radii, float continuous, vec2 p) {
    vec3 corner = rrectCornerOffset(rect, radii, p);
    float circular = cornerDistance(corner);
#ifndef LAMINA_CONTINUOUS_CORNERS
    return circular;
#else
    float r = corner.z;
    if (continuous < 0.5 || r <= 0.0) {
        return circular;
    }
    vec2 hs = rect.zw * 0.5;
    vec2 q0 = abs(p - (rect.xy + hs));
    float e = min(r * kContinuousExtentFactor, min(rect.z, rect.w) * 0.5);
    vec2 u = q0 - (hs - e);
    if (u.x <= 0.0 || u.y <= 0.0) {
        return max(q0.x - hs.x, q0.y - hs.y);
    }
    vec2 s = u / e;
    vec2 s2 = s * s;
    vec2 s5 = s2 * s2 * s;
    float f = pow(s5.x + s5.y, 0.2) - 1.0;
    return f * e;
#endif
}

/// Anti-aliased coverage of a signed distance: clamp(0.5 − d·k, 0, 1), k = the transform's mean scale.
float distanceCoverage(float d, float k) {
    return clamp(0.5 - d * k, 0.0, 1.0);
}

/// Anti-aliased coverage: clamp(0.5 − d·k, 0, 1), k = the transform's mean scale.
float rrectCoverage(vec4 rect, vec4 radii, float continuous, float k, vec2 p) {
    return distanceCoverage(rrectSignedDistance(rect, radii, continuous, p), k);
}
