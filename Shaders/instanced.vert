#version 300 es
// Instanced draws of many commands of one kind: each instance is one screen-aligned quad a_bounds =
// (minX, minY, maxX, maxY) in framebuffer pixels, a_origin where its command's target starts there
// (its pixels are a_bounds − a_origin in the target), and the command's parameters a_p0 … a_p11 (laid
// out per kind by InstanceLayout), of which the first LAMINA_PARAMS reach every fragment of the quad
// unchanged (flat) in v_p; the fragment shaders built with LAMINA_INSTANCED read them, by their P_ names,
// where a single draw reads its uniforms.
#ifndef LAMINA_PARAMS
#define LAMINA_PARAMS 12
#endif
layout(location = 0) in vec4 a_bounds;
/// Where the draw's target starts in the framebuffer (xy): an atlas region's corner, or (0, 0).
layout(location = 1) in vec4 a_origin;
layout(location = 2) in vec4 a_p0;
layout(location = 3) in vec4 a_p1;
layout(location = 4) in vec4 a_p2;
layout(location = 5) in vec4 a_p3;
layout(location = 6) in vec4 a_p4;
layout(location = 7) in vec4 a_p5;
layout(location = 8) in vec4 a_p6;
layout(location = 9) in vec4 a_p7;
layout(location = 10) in vec4 a_p8;
layout(location = 11) in vec4 a_p9;
layout(location = 12) in vec4 a_p10;
layout(location = 13) in vec4 a_p11;
uniform vec2 u_targetSize;
flat out vec4 v_p[LAMINA_PARAMS];
flat out vec2 v_origin;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 p = mix(a_bounds.xy, a_bounds.zw, corner);
    gl_Position = vec4(p / u_targetSize * 2.0 - 1.0, 0.0, 1.0);
    v_origin = a_origin.xy;
    v_p[0] = a_p0;
#if LAMINA_PARAMS > 1
    v_p[1] = a_p1;
#endif
#if LAMINA_PARAMS > 2
    v_p[2] = a_p2;
#endif
#if LAMINA_PARAMS > 3
    v_p[3] = a_p3;
#endif
#if LAMINA_PARAMS > 4
    v_p[4] = a_p4;
#endif
#if LAMINA_PARAMS > 5
    v_p[5] = a_p5;
#endif
#if LAMINA_PARAMS > 6
    v_p[6] = a_p6;
#endif
#if LAMINA_PARAMS > 7
    v_p[7] = a_p7;
#endif
#if LAMINA_PARAMS > 8
    v_p[8] = a_p8;
#endif
#if LAMINA_PARAMS > 9
    v_p[9] = a_p9;
#endif
#if LAMINA_PARAMS > 10
    v_p[10] = a_p10;
#endif
#if LAMINA_PARAMS > 11
    v_p[11] = a_p11;
#endif
}
