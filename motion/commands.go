package motion

import "github.com/dereth/dereth/motioncmd"

// The motion commands the machine names, from the one command table in
// package motioncmd (which protocol shares); motion spells them
// unqualified.
const (
	MaskStyle            = motioncmd.MaskStyle
	MaskSubState         = motioncmd.MaskSubState
	MaskModifier         = motioncmd.MaskModifier
	MaskAction           = motioncmd.MaskAction
	MaskUI               = motioncmd.MaskUI
	MaskToggle           = motioncmd.MaskToggle
	MaskChatEmote        = motioncmd.MaskChatEmote
	MaskMappable         = motioncmd.MaskMappable
	Ready                = motioncmd.Ready
	Stop                 = motioncmd.Stop
	WalkForward          = motioncmd.WalkForward
	WalkBackwards        = motioncmd.WalkBackwards
	RunForward           = motioncmd.RunForward
	Fallen               = motioncmd.Fallen
	On                   = motioncmd.On
	Off                  = motioncmd.Off
	TurnRight            = motioncmd.TurnRight
	TurnLeft             = motioncmd.TurnLeft
	SideStepRight        = motioncmd.SideStepRight
	SideStepLeft         = motioncmd.SideStepLeft
	Dead                 = motioncmd.Dead
	Crouch               = motioncmd.Crouch
	Sitting              = motioncmd.Sitting
	Sleeping             = motioncmd.Sleeping
	Falling              = motioncmd.Falling
	Reload               = motioncmd.Reload
	Pickup               = motioncmd.Pickup
	AimLevel             = motioncmd.AimLevel
	MagicPray            = motioncmd.MagicPray
	Jump                 = motioncmd.Jump
	HandCombat           = motioncmd.HandCombat
	NonCombat            = motioncmd.NonCombat
	SwordCombat          = motioncmd.SwordCombat
	Jumpup               = motioncmd.Jumpup
	AttackHigh1          = motioncmd.AttackHigh1
	MagicPowerUp01       = motioncmd.MagicPowerUp01
	MagicPowerUp10       = motioncmd.MagicPowerUp10
	TripleThrustLow      = motioncmd.TripleThrustLow
	MagicPowerUp07Purple = motioncmd.MagicPowerUp07Purple
)

// WeenieError is the retail movement result code (0 = success).
type WeenieError uint32

// The result codes the animation machine returns.
const (
	ErrNone                        WeenieError = 0x00
	ErrNoAnimationTable            WeenieError = 0x07
	ErrNoPhysicsObject             WeenieError = 0x08
	ErrYouCantJumpWhileInTheAir    WeenieError = 0x24
	ErrCantCrouchInCombat          WeenieError = 0x3F
	ErrCantSitInCombat             WeenieError = 0x40
	ErrCantLieDownInCombat         WeenieError = 0x41
	ErrCantChatEmoteInCombat       WeenieError = 0x42
	ErrNoMtableData                WeenieError = 0x43
	ErrTooManyActions              WeenieError = 0x45
	ErrGeneralMovementFailure      WeenieError = 0x47
	ErrYouCantJumpFromThisPosition WeenieError = 0x48
	ErrCantJumpLoadedDown          WeenieError = 0x49
)
