-- who_is_near.lua: a panel listing what stands within RANGE metres of the
-- player, nearest first, refreshed every second of session time.

local RANGE = 50
local MAX_LINES = 12

local p = panel{title = "Who is near", lines = {"(not in the world yet)"}}
local last = ""

local function refresh()
  local me = player()
  if not me then return end
  local lines = {}
  for _, o in ipairs(objects{near = me.guid, within = RANGE}) do
    if o.guid ~= me.guid and not o.parent then -- not what the player wields
      lines[#lines + 1] = string.format("%5.1f m  %s", o.distance, o.name or string.format("0x%08X", o.guid))
      if #lines == MAX_LINES then break end
    end
  end
  if #lines == 0 then lines[1] = "nobody within " .. RANGE .. " m" end
  local key = table.concat(lines, "\n")
  if key ~= last then -- only a change is a panel update
    last = key
    p:set_lines(lines)
  end
end

on("enter_world", refresh)
every(1, refresh)
