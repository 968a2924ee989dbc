-- follow_bot.lua: finds the nearest object whose name contains TARGET,
-- says so once, and keeps moving the player to it (move_to through the
-- player's controller) while it is farther than CLOSE metres; once there
-- it waves.

local TARGET = "Fountain"
local CLOSE = 3

local following, arrived

local function step()
  local me = player()
  if not me then return end
  local found = objects{name = TARGET, near = me.guid}
  local t = found[1]
  if not t then return end
  if following ~= t.guid then
    following, arrived = t.guid, false
    say("following " .. t.name)
  end
  if t.distance > CLOSE then
    move_to(t.guid)
  elseif not arrived then
    arrived = true
    emote("waves at the " .. t.name)
  end
end

on("enter_world", step)
every(2, step)
