"""SCP: Apollyon's commands: one pydantic model per thing a director can do, discriminated on `type`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

Asset = Literal["resource", "personnel", "space"]


class ChooseStart(BaseModel):
    type: Literal["choose_start"] = "choose_start"
    deck: Literal["safe", "euclid", "keter"]


class Transfer(BaseModel):
    type: Literal["transfer"] = "transfer"
    to: int
    asset: Asset | None = None
    character: int | None = None


class BuildPile(BaseModel):
    type: Literal["build_pile"] = "build_pile"
    assets: int = 0
    characters: int = 0


class Claim(BaseModel):
    type: Literal["claim"] = "claim"
    index: int


class Promote(BaseModel):
    type: Literal["promote"] = "promote"
    kind: Asset


class Study(BaseModel):
    type: Literal["study"] = "study"
    anomaly: int


class Withdraw(BaseModel):
    type: Literal["withdraw"] = "withdraw"
    anomaly: int
    asset: Asset


class Assign(BaseModel):
    type: Literal["assign"] = "assign"
    character: int
    to: Literal["mtf1", "mtf2", "vacation"]


class SetMission(BaseModel):
    type: Literal["mission"] = "mission"
    mtf: Literal[1, 2]
    kind: Literal["investigate", "intercept", "capture", "scout", "none"]
    target: int | None = None


class Resolve(BaseModel):
    type: Literal["resolve"] = "resolve"
    mtf: Literal[1, 2]
    spread: bool = False  # MTFs working together: spread the wounds instead of the lead taking them first


class Deliver(BaseModel):
    type: Literal["deliver"] = "deliver"
    anomaly: int
    to: int


class OpenSite(BaseModel):
    type: Literal["open_site"] = "open_site"
    open: bool = True


class Contain(BaseModel):
    type: Literal["contain"] = "contain"
    anomaly: int


class Overcontain(BaseModel):
    type: Literal["overcontain"] = "overcontain"
    anomaly: int
    asset: Asset


class Trial(BaseModel):
    type: Literal["trial"] = "trial"
    anomaly: int


class Ready(BaseModel):
    type: Literal["ready"] = "ready"


AnyCommand = (
    ChooseStart
    | Transfer
    | BuildPile
    | Claim
    | Promote
    | Study
    | Withdraw
    | Assign
    | SetMission
    | Resolve
    | Deliver
    | OpenSite
    | Contain
    | Overcontain
    | Trial
    | Ready
)
Command = Annotated[AnyCommand, Field(discriminator="type")]
