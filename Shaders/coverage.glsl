// Rounded-rectangle signed distance and coverage: the GLSL twin of RoundedRect.signedDistance(to:).
// rect = (minX, minY, width, height); radii = (topLeft, topRight, bottomRight, bottomLeft);
// continuous > 0.5 selects the continuous corner (three Béziers over 1.528665 × r; circular where that
// exceeds half the shorter side); that branch is compiled only with LAMINA_CONTINUOUS_CORNERS (llvmpipe
// evaluates both sides of a branch, the profile lookup included).
#include "common.glsl"
#ifdef LAMINA_CONTINUOUS_CORNERS
#include "continuous_corner.glsl"
#endif

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
    vec2 hs = rect.zw * 0.5;
    if (continuous < 0.5 || r <= 0.0 || r * kContinuousExtent > min(hs.x, hs.y)) {
        return circular;
    }
    vec2 inward = hs - abs(p - (rect.xy + hs));
    return r * continuousCornerDistance(inward.x / r, inward.y / r);
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
