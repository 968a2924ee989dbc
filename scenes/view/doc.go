// Package view is the viewer's logic without a window: the Camera and its
// projection, the CPU Renderer (terrain from landblock heights, objects
// from GfxObj meshes placed by the presenter's published part poses,
// particles from the particle managers; near-plane clipping, back-face
// culling, per-vertex lighting (sun and ambient outdoors, cell lights
// indoors) and a back-to-front radix sort, the opaque triangles set apart
// for the depth test (Renderer.Depth, DepthCode); textured GfxObj surfaces
// sample an Atlas built as they are first drawn, so a frame is one
// DrawTriangles call unless Additive surfaces show: Batches), picking, the HUD
// text and the Assets the renderer reads. Objects are read through
// components.View, resolved per object per frame; the local player's input
// path is package control.
//
// It imports no ebiten: on Linux ebiten's package init needs an X display,
// so everything here is tested headless; package scenes puts the output
// on screen.
package view
